import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../infra/hash.js';
import { TestClient } from './test-client.js';

let sequence = 0;

export interface UserOptions {
  email?: string;
  password?: string;
  roles?: string[];
  verified?: boolean;
}

/** A user with the default role (or the roles given) and a known password. */
export async function createUser(app: FastifyInstance, options: UserOptions = {}) {
  sequence++;
  const password = options.password ?? 'password-123';
  const user = await app.services.users.create({
    email: options.email ?? `user${sequence}-${Date.now()}@example.com`,
    password: await hashPassword(password),
    username: null,
    emailVerified: options.verified ?? true,
  });
  if (options.roles) {
    for (const role of options.roles) await app.services.permissions.assignRole(user.id, role);
  } else {
    await app.services.permissions.assignDefaultRole(user.id);
  }
  return { ...user, plainPassword: password };
}

/** A new user (as `createUser` makes them) and a client signed in as them. */
export async function signedInUser(app: FastifyInstance, options: UserOptions = {}) {
  const user = await createUser(app, options);
  const client = new TestClient(app);
  await client.login(user.email, user.plainPassword);
  return { user, client };
}
