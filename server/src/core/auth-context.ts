import type { Permission } from '@cadenza/contracts/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addCookie } from './cookies.js';
import type { BanCheck, SessionStore, TokenResolver, UserPermissions } from './ports.js';
import type { RequestSession, RequestUser, SessionRecord } from './request-context.js';
import { isGuestId, REMEMBER_SECONDS } from './session-cookie.js';

export const SESSION_COOKIE = 'cadenza_session';

export interface AuthContextOptions {
  sessions: SessionStore;
  tokens: TokenResolver;
  permissions: UserPermissions;
  /** A banned user's token or session is a visitor's. */
  isBanned: BanCheck;
  secureCookies: boolean;
}

export function clientOf(request: FastifyRequest) {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * Who is asking: a bearer access token, else the session cookie. Every visitor gets a session
 * id (the anti-forgery token is bound to it); only signed-in sessions are stored.
 */
export const authContextPlugin = fp<AuthContextOptions>(
  async (app: FastifyInstance, options) => {
    const { sessions, tokens, permissions, isBanned } = options;

    app.decorateRequest('session', null as never);
    app.decorateRequest('user', null);
    app.decorateRequest('authMethod', null);
    app.decorateRequest('permissions', async function (this: FastifyRequest): Promise<
      Permission[]
    > {
      return [];
    });

    const active = (user: RequestUser | undefined) => (user && !isBanned(user) ? user : null);

    async function byToken(request: FastifyRequest, plainToken: string) {
      request.user = active((await tokens.resolve(plainToken))?.user);
      request.authMethod = request.user ? 'token' : null;
    }

    async function bySessionCookie(request: FastifyRequest, rawId: string) {
      const sessionUse = request.routeOptions.config.session;
      const found = await sessions.findWithUser(rawId);
      const row = found?.session;
      if (row?.user_id) {
        request.session = { id: rawId, row, changed: false };
        // A ban ends sessions when it is given; this holds for any that slipped past.
        request.user = active(found?.user);
        request.authMethod = request.user ? 'session' : null;
        if (request.user) await sessions.touch(row, clientOf(request));
        return;
      }
      // A guest from before guests' ids were marked keeps the id their cookie carries.
      if (/^[\w-]{20,80}$/.test(rawId))
        request.session = { id: rawId, row: row ?? null, changed: false };
      else if (sessionUse === 'read') request.session = new UnsavedSession(sessions.newId);
      else request.session = { id: sessions.newId(), row: null, changed: true };
    }

    // Synchronous but for the lookups, which only tokens and stored sessions need: most
    // requests (files, guests) pass without waiting on a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      let cached: Promise<Permission[]> | undefined;
      request.permissions = () => {
        cached ??= request.user
          ? permissions.forUser(request.user.id)
          : permissions.guestRole().then((role) => role?.permissions ?? []);
        return cached;
      };

      const { cookieless, session: sessionUse } = request.routeOptions.config;
      if (cookieless || sessionUse === 'none') {
        request.session = new UnsavedSession(sessions.newId);
        return done();
      }

      const authorization = request.headers.authorization;
      if (authorization?.toLowerCase().startsWith('bearer ')) {
        // Token clients keep no cookies: the session is a throwaway one.
        request.session = new UnsavedSession(sessions.newId);
        byToken(request, authorization.slice(7).trim()).then(() => done(), done);
        return;
      }

      const rawId = request.cookies[SESSION_COOKIE];
      if (!rawId) {
        // A new visitor gets a session id, except where the route only reads sessions.
        request.session =
          sessionUse === 'read'
            ? new UnsavedSession(sessions.newId)
            : { id: sessions.newId(), row: null, changed: true };
        return done();
      }
      if (isGuestId(rawId)) {
        // A guest's id is never a signed-in session's: there is nothing to look up.
        request.session = { id: rawId, row: null, changed: false };
        return done();
      }
      bySessionCookie(request, rawId).then(() => done(), done);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.session?.changed && request.authMethod !== 'token')
        writeSessionCookie(reply, request, options.secureCookies);
      done(null, payload);
    });
  },
  { name: 'auth-context', dependencies: ['@fastify/cookie'] },
);

/**
 * A throwaway session for a request that keeps none (token clients, cookieless routes, files):
 * its id is only drawn if something asks for it, and no cookie carries it. A class: its getter
 * is shared, where an object literal's would be made anew for each of these many requests.
 */
class UnsavedSession implements RequestSession {
  #id: string | undefined;
  row: RequestSession['row'] = null;
  changed = false;

  constructor(private readonly newId: () => string) {}

  get id(): string {
    return (this.#id ??= this.newId());
  }
}

/** The session cookie's attributes; without 'stay signed in' it ends with the browser session. */
export const sessionCookieOptions = (secure: boolean, remember: boolean) =>
  ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(remember ? { maxAge: REMEMBER_SECONDS } : {}),
  }) as const;

function writeSessionCookie(reply: FastifyReply, request: FastifyRequest, secure: boolean): void {
  const remember = request.session.row?.remember === 1;
  addCookie(reply, SESSION_COOKIE, request.session.id, sessionCookieOptions(secure, remember));
}

/**
 * What a member's page is worked out from of their session and user (see `edge.ts`): the same
 * text while neither has changed. The session's clock-work (its last activity, its end, the
 * address it was last used from) shows on no page and is left out.
 */
export function signedInState(session: SessionRecord, user: RequestUser): string {
  const { user_id: userId, remember, payload } = session;
  return JSON.stringify([userId, remember, payload, user]);
}

/** A signed-in session as a request with it would find it now, for the edge (see there). */
export interface SignedIn {
  /** See `signedInState`. */
  state: string;
  /** Until when a request with it finds it as it is: its end, or its next touch. */
  until: number;
}
