import { isBanned } from '../users/users.table.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { AccessTokensService } from '../access-tokens/access-tokens.service.js';
import type { Actor } from '../music/actor.js';
import type { PermissionsService } from '../roles/permissions.service.js';
import type { UsersService } from '../users/users.service.js';
import type { AppPasswords } from './app-passwords.js';
import type { Caller, Params } from './methods/method.js';
import { missing, SUBSONIC_ERRORS, SubsonicError } from './subsonic-response.js';

/** Failed sign-ins per account and address before /rest waits, as for the login form… */
const FAILED_AUTH_MAX = 10;
/** …and per address alone, generous for people behind one shared address (DESIGN.md §4). */
const FAILED_AUTH_PER_ADDRESS = 60;
const FAILED_AUTH_WINDOW_SECONDS = 60;

/**
 * Who calls: the apiKey extension with a personal access token, or `u` with the user's music
 * apps password (`p`, or `t` and `s`), never the login password. Password attempts are
 * throttled per address and user like logins; a good one clears the count.
 */
export function createSubsonicAuth({
  tokens,
  appPasswords,
  users,
  permissions,
  limiter,
}: {
  tokens: AccessTokensService;
  appPasswords: AppPasswords;
  users: UsersService;
  permissions: PermissionsService;
  limiter: RateLimiter;
}) {
  const actorOf = async (userId: number): Promise<Actor> => ({
    userId,
    permissions: await permissions.forUser(userId),
  });

  async function authenticate(params: Params, ip: string): Promise<Caller> {
    const apiKey = params.get('apiKey');
    const username = params.get('u');
    const legacy = ['u', 'p', 't', 's'].some((name) => params.has(name));
    if (apiKey && legacy) {
      throw new SubsonicError(
        SUBSONIC_ERRORS.conflictingAuth,
        'Multiple conflicting authentication mechanisms provided.',
      );
    }
    if (apiKey) {
      const found = await tokens.resolve(apiKey);
      if (!found) {
        const { allowed } = await limiter.hit(
          `subsonic:${ip}`,
          FAILED_AUTH_MAX,
          FAILED_AUTH_WINDOW_SECONDS,
        );
        throw new SubsonicError(
          SUBSONIC_ERRORS.invalidApiKey,
          allowed ? 'Invalid API key.' : 'Too many failed attempts. Please wait a minute.',
        );
      }
      return {
        userId: found.user.id,
        actor: await actorOf(found.user.id),
        playSession: `subsonic-token-${found.token.id}`,
      };
    }
    if (!username) throw missing(legacy ? 'u' : 'apiKey');
    const password = params.get('p');
    const token = params.get('t');
    const salt = params.get('s');
    if (!password && !(token && salt)) throw missing(token ? 's' : 'p');
    // Keyed on the name as it is looked up, so ' bob' and 'BOB ' share bob's count.
    const throttle = `subsonic:${ip}|${username.trim().toLowerCase()}`;
    const addressFailures = `subsonic-failed:${ip}`;
    const { allowed } = await limiter.hit(throttle, FAILED_AUTH_MAX, FAILED_AUTH_WINDOW_SECONDS);
    if (!allowed || !(await limiter.isUnder(addressFailures, FAILED_AUTH_PER_ADDRESS))) {
      throw new SubsonicError(
        SUBSONIC_ERRORS.wrongCredentials,
        'Too many failed attempts. Please wait a minute.',
      );
    }
    const user = (await users.findByUsername(username)) ?? (await users.findByEmail(username));
    if (!user || !(await appPasswords.verify(user.id, { password, token, salt }))) {
      // Only failures count for the address: music apps sign every call in.
      await limiter.hit(addressFailures, FAILED_AUTH_PER_ADDRESS, FAILED_AUTH_WINDOW_SECONDS);
      throw new SubsonicError(SUBSONIC_ERRORS.wrongCredentials, 'Wrong username or password.');
    }
    await limiter.clear(throttle);
    if (isBanned(user)) {
      throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'This account is banned.');
    }
    return {
      userId: user.id,
      actor: await actorOf(user.id),
      playSession: `subsonic-user-${user.id}`,
    };
  }

  return { authenticate };
}

export type SubsonicAuth = ReturnType<typeof createSubsonicAuth>;
