import crypto from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@cadenza/contracts/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hmac, safeEqual } from '../infra/hash.js';
import { addCookie } from './cookies.js';
import { AppError } from './errors.js';
import './request-context.js';

const KEPT_TOKENS = 10_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a browser's fetch metadata may say of a request our own pages make. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export interface XsrfOptions {
  tokens: XsrfTokens;
  secureCookies: boolean;
  /** The public origin of the app (`APP_URL`); requests from it are our own. */
  appOrigin: string;
}

/** The anti-forgery token of each session id (see `xsrfTokens`). */
export interface XsrfTokens {
  /** The token of session `id`; `isNew`: an id drawn for this answer, sent once in a cookie. */
  of(id: string, isNew: boolean): string;
}

/**
 * Each session's token: an HMAC of its id under the app key. A visitor's token is worked out
 * once and kept while they come back (an HMAC on each of their requests was a tenth of a page's
 * time); the oldest go first. A new id's token is not kept: it is kept when the visitor returns.
 */
export function xsrfTokens(appKey: string): XsrfTokens {
  const key = crypto.createSecretKey(Buffer.from(appKey));
  const kept = new Map<string, string>();
  return {
    of(id, isNew) {
      if (isNew) return hmac(key, `xsrf:${id}`);
      let token = kept.get(id);
      if (token === undefined) {
        token = hmac(key, `xsrf:${id}`);
        if (kept.size >= KEPT_TOKENS) kept.delete(kept.keys().next().value!);
        kept.set(id, token);
      }
      return token;
    },
  };
}

/** A new visitor's session id and its anti-forgery token. */
export interface NewVisitor {
  sessionId: string;
  xsrfToken: string;
}

/** New visitors made at once (see `newVisitors`). */
const NEW_VISITORS_BATCH = 64;

/**
 * New visitors' session ids with their tokens, made a batch at a time and each handed out once.
 * One HMAC after another runs with OpenSSL's state in the CPU's caches: made alone, between two
 * pages written to their sockets, an id and its token took 4 to 5 µs, a tenth of a new
 * visitor's page; in a batch, 2.
 */
export function newVisitors(newId: () => string, tokens: XsrfTokens): () => NewVisitor {
  const ready: NewVisitor[] = [];
  return () => {
    if (ready.length === 0) {
      for (let i = 0; i < NEW_VISITORS_BATCH; i++) {
        const sessionId = newId();
        ready.push({ sessionId, xsrfToken: tokens.of(sessionId, true) });
      }
    }
    return ready.pop()!;
  };
}

/** The attributes of the `XSRF-TOKEN` cookie: scripts of our pages read it. */
export const xsrfCookieOptions = (secure: boolean) =>
  ({ path: '/', httpOnly: false, sameSite: 'lax', secure }) as const;

/**
 * Anti-forgery as Laravel does it: a token bound to the visitor's session is sent in the
 * `XSRF-TOKEN` cookie (readable by scripts) and must come back in `X-XSRF-TOKEN` with every
 * state-changing request. A page on another site can send the cookie but cannot read it.
 *
 * On top of the token, a state-changing request that the browser says came from another site
 * (fetch metadata, else the Origin header) is refused with 403: a token leaked once must not be
 * usable from a page elsewhere.
 */
export const xsrfPlugin = fp<XsrfOptions>(
  async (app: FastifyInstance, { tokens, secureCookies, appOrigin }) => {
    const tokenFor = (request: FastifyRequest) =>
      tokens.of(request.session.id, request.session.changed);

    app.addHook('onRequest', (request, _reply, done) => {
      // Token clients are not browsers; unknown routes answer 404 before anything else.
      if (
        SAFE_METHODS.has(request.method) ||
        request.authMethod === 'token' ||
        request.is404 ||
        request.routeOptions.config.cookieless ||
        request.routeOptions.config.session === 'none'
      )
        return done();
      if (isCrossSite(request, appOrigin)) {
        throw new AppError(403, 'Requests from other sites are not accepted.', {
          code: 'cross_site_request',
        });
      }
      const header = request.headers[XSRF_HEADER.toLowerCase()];
      const sent = decode(Array.isArray(header) ? header[0] : header);
      if (!sent || !safeEqual(sent, tokenFor(request))) {
        throw new AppError(419, 'CSRF token mismatch.', { code: 'csrf_mismatch' });
      }
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const { cookieless, session } = request.routeOptions.config;
      const token =
        request.authMethod === 'token' || !request.session || cookieless || session
          ? undefined
          : tokenFor(request);
      if (token !== undefined && request.cookies[XSRF_COOKIE] !== token) {
        addCookie(reply, XSRF_COOKIE, token, xsrfCookieOptions(secureCookies));
      }
      done(null, payload);
    });
  },
  { name: 'xsrf', dependencies: ['auth-context'] },
);

/**
 * Whether the browser tells us the request was started by a page of another site. Browsers
 * send `Sec-Fetch-Site`; older ones only `Origin`, which must then be the app's own origin or
 * the host the request was sent to (a development proxy serves the app under its own host).
 * Clients that are not browsers send neither and are judged by the token alone.
 */
function isCrossSite(request: FastifyRequest, appOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return !OWN_FETCH_SITES.has(site);
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === appOrigin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    // `Origin: null` (sandboxed frames, redirects across sites) or garbage.
    return true;
  }
}

function decode(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return '';
  }
}
