import type { FastifyRequest } from 'fastify';
import { clientOf } from '../../core/auth-context.js';
import { AppError } from '../../core/errors.js';
import { verifyPassword } from '../../infra/hash.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { UsersService } from '../users/users.service.js';

export type AuthService = ReturnType<typeof createAuthService>;

/** Per account and address, as DESIGN.md §4 asks; the address alone gets a generous limit. */
const LOGIN_ATTEMPTS_PER_ACCOUNT = 5;
const LOGIN_ATTEMPTS_PER_ADDRESS = 60;
const WINDOW_SECONDS = 60;

const FAILED = 'These credentials do not match our records.';

export interface AuthDeps {
  users: UsersService;
  sessions: SessionsService;
  limiter: RateLimiter;
}

export function createAuthService({ users, sessions, limiter }: AuthDeps) {
  async function throttle(key: string, max: number): Promise<void> {
    const result = await limiter.hit(key, max, WINDOW_SECONDS);
    if (!result.allowed) throw AppError.tooManyRequests(result.retryAfter);
  }

  async function startSession(
    request: FastifyRequest,
    userId: number,
    remember: boolean,
  ): Promise<void> {
    const { rawId, row } = await sessions.startForUser(
      request.session.id,
      userId,
      remember,
      clientOf(request),
    );
    request.session = { id: rawId, row, changed: true };
    request.user = (await users.findById(userId)) ?? null;
    request.authMethod = 'session';
  }

  return {
    startSession,

    /**
     * Checks the credentials and starts a new session. The same answer, in about the same time,
     * whether the e-mail is unknown or the password wrong, so accounts cannot be discovered.
     */
    async login(
      request: FastifyRequest,
      input: { email: string; password: string; remember: boolean },
    ) {
      const email = input.email.trim().toLowerCase();
      const accountKey = `login:${email}|${request.ip}`;
      await throttle(`login-ip:${request.ip}`, LOGIN_ATTEMPTS_PER_ADDRESS);
      await throttle(accountKey, LOGIN_ATTEMPTS_PER_ACCOUNT);

      const user = await users.findByEmail(email);
      if (!(await verifyPassword(user?.password, input.password)) || !user) {
        throw AppError.validation({ email: FAILED }, FAILED);
      }
      await limiter.clear(accountKey);
      await startSession(request, user.id, input.remember);
      return user;
    },

    /** Ends the session; the visitor continues under a new guest session id. */
    async logout(request: FastifyRequest): Promise<void> {
      await sessions.end(request.session.id);
      request.session = { id: sessions.newId(), row: null, changed: true };
      request.user = null;
      request.authMethod = null;
    },
  };
}
