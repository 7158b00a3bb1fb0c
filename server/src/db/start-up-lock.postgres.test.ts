import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../modules/billing/plans.seed.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';
import { startTestInstances, type TestInstances } from '../test/test-instances.js';

let site: TestInstances;
beforeAll(async () => {
  // Three instances started at the same moment on one new, empty database.
  site = await startTestInstances(3);
});
afterAll(async () => {
  await site?.close();
});

describe('instances started together on a new database', () => {
  it('all start, and the admin each one created at first start signs in on every one', async () => {
    for (const app of site.apps) {
      const client = new TestClient(app);
      expect((await client.get('/api/v1/health')).statusCode).toBe(200);
      await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect((await client.get('/api/v1/users/me')).json().user.email).toBe(ADMIN_EMAIL);
    }
  });

  it('seed the database once: one admin, one set of roles, themes and plans', async () => {
    const { kysely } = site.db;
    const count = async (table: 'users' | 'roles' | 'themes' | 'products') =>
      Number(
        (
          await kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    expect(await count('users')).toBe(1);
    expect(await count('roles')).toBe(3);
    expect(await count('themes')).toBe(2);
    expect(await count('products')).toBe(DEFAULT_PLANS.length);
  });

  it('share one app key: an anti-forgery token from one is good on another', async () => {
    const [a, b] = site.apps;
    const onA = new TestClient(a!);
    await onA.visit('/');
    const onB = new TestClient(b!);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const response = await onB.post('/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });
});
