import type { FastifyRequest } from 'fastify';
import { clientOf } from '../../core/auth-context.js';
import { AppError } from '../../core/errors.js';
import { PASSWORD_CONFIRMATION_SECONDS } from '@cadenza/contracts/auth';
import { verifyPassword } from '../../infra/hash.js';
import type { EventBus } from '../../infra/events.js';
import type { SignInOutcome } from '../../infra/metrics.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { TwoFactorService } from '../two-factor/two-factor.service.js';
import type { UsersService } from '../users/users.service.js';
import { isBanned, type UserRow } from '../users/users.table.js';

export type AuthService = ReturnType<typeof createAuthService>;

/** Per account and address, as DESIGN.md §4 asks; the address alone gets a generous limit. */
const LOGIN_ATTEMPTS_PER_ACCOUNT = 5;
const LOGIN_ATTEMPTS_PER_ADDRESS = 60;
const WINDOW_SECONDS = 60;

const FAILED = 'These credentials do not match our records.';
/** How long a login waiting for its two-factor code is kept. */
const PENDING_LOGIN_SECONDS = 10 * 60;
const PENDING_LOGIN_KEY = 'login.pending';
const PASSWORD_CONFIRMATION_REQUIRED = 'Password confirmation required.';

export interface AuthDeps {
  users: UsersService;
  sessions: SessionsService;
  limiter: RateLimiter;
  twoFactor: TwoFactorService;
  events: EventBus;
  /** Told how each sign-in attempt ended (the sign-ins metric). */
  countSignIn?: (outcome: SignInOutcome) => void;
}

interface PendingLogin {
  id: number;
  remember: boolean;
}

export function createAuthService(deps: AuthDeps) {
  const { users, sessions, limiter, twoFactor, events } = deps;
  const count = (outcome: SignInOutcome) => deps.countSignIn?.(outcome);

  async function throttle(key: string, max: number): Promise<void> {
    const result = await limiter.hit(key, max, WINDOW_SECONDS);
    if (!result.allowed) throw AppError.tooManyRequests(result.retryAfter);
  }

  /** A sign-in step's limit: an attempt turned away by it is counted as throttled. */
  async function throttleSignIn(key: string, max: number): Promise<void> {
    try {
      await throttle(key, max);
    } catch (error) {
      count('throttled');
      throw error;
    }
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
    count('success');
    const client = clientOf(request);
    await events.emit('account.signed_in', {
      userId,
      newDevice: await sessions.recordDevice(userId, client.userAgent),
      userAgent: client.userAgent,
      ip: client.ip,
    });
  }

  /**
   * Signs in a user whose identity was proven (password, social login): at once, or, with
   * confirmed two-factor, as a pending login waiting for the code. True when the code is needed.
   */
  async function signIn(request: FastifyRequest, user: UserRow, remember: boolean) {
    refuseBanned(user);
    if (twoFactor.state(user) === 2) {
      // Not signed in yet: the pending login waits in this visitor's session for the code.
      const pending: PendingLogin = { id: user.id, remember };
      await sessions.setGuestPayload(
        request.session.id,
        { [PENDING_LOGIN_KEY]: pending },
        PENDING_LOGIN_SECONDS,
        clientOf(request),
      );
      return true;
    }
    await startSession(request, user.id, remember);
    return false;
  }

  /** A banned account proves who it is and is still turned away, told why and until when. */
  function refuseBanned(user: UserRow): void {
    if (!isBanned(user)) return;
    const until = user.banned_until ? ` until ${new Date(user.banned_until).toUTCString()}` : '';
    const reason = user.ban_reason ? ` Reason: ${user.ban_reason}` : '';
    throw new AppError(403, `This account is banned${until}.${reason}`, { code: 'banned' });
  }

  /** Whether this session confirmed the password within the last `seconds`. */
  function isPasswordConfirmed(
    request: FastifyRequest,
    seconds = PASSWORD_CONFIRMATION_SECONDS,
  ): boolean {
    const at = request.session.row?.password_confirmed_at;
    if (!at || request.authMethod !== 'session') return false;
    return Date.now() - Date.parse(at) < seconds * 1000;
  }

  /** Guards sensitive actions: 423 until the password was confirmed in this very session. */
  function requireConfirmedPassword(request: FastifyRequest): void {
    if (!isPasswordConfirmed(request)) {
      throw new AppError(423, PASSWORD_CONFIRMATION_REQUIRED, {
        code: 'password_confirmation_required',
      });
    }
  }

  /** A password check on a guessable secret: rate-limited per account and address. */
  async function checkPassword(
    request: FastifyRequest,
    user: UserRow,
    password: string,
    field: string,
  ): Promise<void> {
    const key = `password:${user.id}|${request.ip}`;
    await throttle(`password-ip:${request.ip}`, LOGIN_ATTEMPTS_PER_ADDRESS);
    await throttle(key, LOGIN_ATTEMPTS_PER_ACCOUNT);
    if (!(await verifyPassword(user.password, password))) {
      throw AppError.validation({ [field]: 'The provided password is incorrect.' });
    }
    await limiter.clear(key);
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
    ): Promise<{ twoFactor: boolean; user: UserRow }> {
      const email = input.email.trim().toLowerCase();
      const accountKey = `login:${email}|${request.ip}`;
      await throttleSignIn(`login-ip:${request.ip}`, LOGIN_ATTEMPTS_PER_ADDRESS);
      await throttleSignIn(accountKey, LOGIN_ATTEMPTS_PER_ACCOUNT);

      const user = await users.findByEmail(email);
      if (!(await verifyPassword(user?.password, input.password)) || !user) {
        count('failure');
        throw AppError.validation({ email: FAILED }, FAILED);
      }
      await limiter.clear(accountKey);
      return { twoFactor: await signIn(request, user, input.remember), user };
    },

    signIn,

    /** Completes a login that waits for its two-factor code or a recovery code. */
    async twoFactorChallenge(
      request: FastifyRequest,
      input: { code?: string | undefined; recovery_code?: string | undefined },
    ): Promise<void> {
      const pending = (await sessions.guestPayload(request.session.id))[PENDING_LOGIN_KEY] as
        PendingLogin | undefined;
      const user = pending && !request.user && (await users.findById(pending.id));
      if (!pending || !user) {
        throw AppError.validation({ code: 'Your login has expired. Please sign in again.' });
      }
      await throttleSignIn(`two-factor-ip:${request.ip}`, LOGIN_ATTEMPTS_PER_ADDRESS);
      await throttleSignIn(`two-factor:${user.id}|${request.ip}`, LOGIN_ATTEMPTS_PER_ACCOUNT);
      await twoFactor.passChallenge(user, input).catch((error: unknown) => {
        count('failure');
        throw error;
      });
      await limiter.clear(`two-factor:${user.id}|${request.ip}`);
      refuseBanned(user);
      await startSession(request, user.id, pending.remember);
    },

    async confirmPassword(request: FastifyRequest, password: string): Promise<void> {
      const user = request.user;
      const row = request.session.row;
      if (!user || !row || request.authMethod !== 'session') throw AppError.unauthenticated();
      await checkPassword(request, user, password, 'password');
      const at = await sessions.markPasswordConfirmed(row);
      request.session.row = { ...row, password_confirmed_at: at };
    },

    isPasswordConfirmed,
    requireConfirmedPassword,
    checkPassword,

    /** Ends the session; the visitor continues under a new guest session id. */
    async logout(request: FastifyRequest): Promise<void> {
      await sessions.end(request.session.id);
      request.session = { id: sessions.newId(), row: null, changed: true };
      request.user = null;
      request.authMethod = null;
    },
  };
}
