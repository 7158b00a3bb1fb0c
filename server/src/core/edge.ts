import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { XSRF_COOKIE } from '@cadenza/contracts/http';
import { firstCallsOf } from '@cadenza/contracts/page-calls';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerFactory,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import { RecentlyUsed } from '../infra/recently-used.js';
import { UNMATCHED_ROUTE } from './http-metrics.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';
import {
  SESSION_COOKIE,
  sessionCookieOptions,
  signedInState,
  type SignedIn,
} from './auth-context.js';
import { LOCALE_COOKIE } from './cookies.js';
import { isGuestId } from './session-cookie.js';
import { xsrfCookieOptions, type NewVisitor, type XsrfTokens } from './xsrf.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers every request alike while the app runs (the health check): the edge
     * keeps its first answer and sends it from then on, before the framework.
     */
    constant?: boolean;
  }
  interface FastifyRequest {
    /** How this request's answer may be kept by the edge; null when it may not. */
    keepable: Keepable | null;
  }
  interface FastifyInstance {
    edge: Edge;
  }
}

export interface EdgeOptions {
  /** A new visitor's session id and token (`newVisitors`). */
  newVisitor: () => NewVisitor;
  xsrfTokens: XsrfTokens;
  secureCookies: boolean;
  /**
   * A signed-in session as a request with it would find it now (the sessions module's
   * `signedInReader`).
   */
  signedIn: (rawId: string) => Promise<SignedIn | undefined>;
  /**
   * The database's change counts as one text (`dataVersions`): a page holding the catalogue's
   * answers, or a member's, kept under other counts is out of date, whichever instance or process
   * made the change.
   */
  versions: () => Promise<string>;
  /** Answers a page visit made at another address than the app's own (`appAddress`), if it must. */
  otherAddress?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** Told of each answer the edge sends, as the framework's answers are (`http-metrics.ts`). */
  observe?: (method: string, route: string, statusCode: number, seconds: number) => void;
}

/**
 * A page is kept for at most this long. The parts it is made of are the site's settings,
 * themes, languages and roles, each kept by its own service until a change to them is heard from
 * any instance (`forgetPages` is called then), and the catalogue's answers and a member's own
 * data, checked against the change counts on every request; what changes by the clock alone (a
 * release that goes public at its hour, a plan's period that ends) shows within this second.
 */
const PAGE_KEPT_MS = 1_000;
/** Pages of distinct addresses, languages, browsers and members kept at once. */
const PAGES_KEPT = 500;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers each answer gets of its own: the connection's, the date, the visitor's cookies, its id. */
const OWN_HEADERS = new Set(['set-cookie', 'date', 'connection', 'keep-alive', 'content-length']);
OWN_HEADERS.add(REQUEST_ID_HEADER);

type Keepable =
  | { kind: 'constant' }
  | {
      kind: 'page';
      key: string;
      generation: number;
      until: number;
      /** A member's page: their session and user as the page began (`signedInState`). */
      member: string | null;
      /** The session id the request came with. */
      sessionId: string | undefined;
      /** The counts read before the page is worked out; none for a guest's page without answers. */
      versions: Promise<string> | null;
    };

/** What Fastify hands a server factory: its options, with its defaults filled in. */
interface ServerFactoryOptions {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
}

/**
 * An answer ready to be written: its headers as name, value pairs (a header given more than once
 * is one pair with its values: the answer's id is set before, and Node.js then sets each pair
 * over the last of the same name), and its bytes.
 */
interface KeptAnswer {
  head: (string | string[])[];
  body: Buffer;
  /** The route pattern it is counted under in the metrics. */
  route: string;
}

interface KeptPage extends KeptAnswer {
  generation: number;
  until: number;
  versions: string | null;
}

/** Who asks, as their cookies tell: their session id and anti-forgery token, if they have them. */
interface Visitor {
  sessionId: string | undefined;
  xsrfToken: string | undefined;
  locale: string | undefined;
  /** The session id is not a guest's: the page, if kept, is this session's alone. */
  member: boolean;
}

/**
 * The edge: answers the app already gave, written to the connection before the framework sees
 * the request. Three kinds are kept:
 *
 * - a route's answer that is the same for every request (`config: { constant: true }`, the health
 *   check), kept from its first request on;
 * - a guest's page: the web app's HTML with the bootstrap data, the same for every guest who asks
 *   for the same address with the same language, browser and encodings (the key below holds all
 *   the page is worked out from). Each guest still gets cookies of their own: a new visitor a
 *   session id and its anti-forgery token, made as the framework's hooks make them;
 * - a member's page without a player screen's answers, for their session's cookie alone, while
 *   every change count is unchanged: the `members` count follows their session and user (a
 *   sign-out, a ban, an edit to their account anywhere) and their unread notifications, `access`
 *   their roles and plans. It is kept only if the session and user it was made from are still
 *   those read after the counts, and only until the session ends or is due its touch (which the
 *   framework then makes).
 *
 * Nothing else changes: every answer the edge sends is one the app wrote itself for the same
 * request, headers and all. A kept page is dropped when this instance handles any request that
 * changes data, when a change to the site's settings, themes, languages or roles is heard from
 * any instance, when the database's change counts move (a player page, which holds the
 * catalogue's answers, and a member's), and after a second.
 *
 * Measured on two cores with the load generator on one (bare `node:http` 38,000 to 54,000 req/s):
 * the framework alone, with the app's headers, answered about 0.8 of bare `node:http`; the
 * health check through every hook 0.6, and a guest's page 0.25 to 0.4.
 */
export class Edge {
  private closing = false;
  /** Moved by every request that may change data; a page kept under another is out of date. */
  private generation = 0;
  private readonly constants = new Map<string, KeptAnswer>();
  private readonly pages = new RecentlyUsed<string, KeptPage>(PAGES_KEPT);
  private options: EdgeOptions | undefined;
  private app: FastifyInstance | undefined;
  private sessionCookie: CookieWriter | undefined;
  private xsrfCookie: CookieWriter | undefined;
  /** Whether each request is logged, as the framework logs those it answers. */
  private logRequests = false;
  private answered = 0;
  /** Pages whose counts are still being read before they are kept. */
  private readonly keeping = new Set<Promise<void>>();

  /** How many answers the edge has sent. */
  get sent(): number {
    return this.answered;
  }

  /**
   * Lets go of every page kept: what they were made from changed (on another instance, say).
   * A page being made now is not kept either.
   */
  forgetPages(): void {
    this.generation++;
  }

  /** Resolves once every page answered so far is kept or let go (its counts are read after). */
  async settled(): Promise<void> {
    while (this.keeping.size > 0) await Promise.all(this.keeping);
  }

  /** The HTTP server, for Fastify's `serverFactory`: the edge first, then the framework. */
  readonly serverFactory: FastifyServerFactory<RawServerDefault> = (handler, options) => {
    const { http: serverOptions = {}, ...timeouts } = options as unknown as ServerFactoryOptions;
    const server = http.createServer(serverOptions, (request, response) =>
      this.serve(request, response, handler),
    );
    // As Fastify sets up a server it makes itself.
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.requestTimeout = timeouts.requestTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    return server;
  };

  /** Records the answers it may keep; registered after every plugin that adds to an answer. */
  readonly plugin = fp<EdgeOptions>(
    async (app: FastifyInstance, options) => {
      this.options = options;
      this.app = app;
      this.sessionCookie = cookieWriter(
        app,
        SESSION_COOKIE,
        sessionCookieOptions(options.secureCookies, false),
      );
      this.xsrfCookie = cookieWriter(app, XSRF_COOKIE, xsrfCookieOptions(options.secureCookies));
      this.logRequests = ['trace', 'debug', 'info'].includes(app.log.level);
      app.decorateRequest('keepable', null);
      app.addHook('onRequest', (request, _reply, done) => {
        const keepable = (request.keepable = this.keepable(request));
        // The page is worked out once the counts are read, so a change made meanwhile moves
        // them past those it is kept under.
        if (keepable?.kind === 'page' && keepable.versions)
          keepable.versions.then(
            () => done(),
            () => done(),
          );
        else done();
      });
      app.addHook('onSend', (request, reply, payload, done) => {
        if (request.keepable) this.keep(request, reply, payload);
        done(null, payload);
      });
      app.addHook('onResponse', (request, _reply, done) => {
        if (!SAFE_METHODS.has(request.method)) this.generation++;
        done();
      });
      app.addHook('preClose', (done) => {
        this.closing = true;
        done();
      });
    },
    { name: 'edge', dependencies: ['auth-context', 'xsrf', 'security-headers'] },
  );

  private serve(
    request: IncomingMessage,
    response: ServerResponse,
    handler: (request: IncomingMessage, response: ServerResponse) => void,
  ): void {
    // Every answer carries the request's id, the edge's own and the framework's early ones too.
    response.setHeader(REQUEST_ID_HEADER, requestIdOf(request));
    if (this.options?.otherAddress?.(request, response)) return;
    if (this.closing || request.method !== 'GET') return handler(request, response);
    const started = this.options?.observe ? performance.now() : 0;
    const constant = this.constants.get(request.url!);
    if (constant) return this.send(request, response, constant, started);
    const found = this.pages.size > 0 ? this.keptPage(request) : undefined;
    if (!found) return handler(request, response);
    const { page, visitor } = found;
    if (page.versions === null)
      return this.send(request, response, page, started, this.cookiesOf(visitor));
    this.options!.versions().then(
      (versions) => {
        const holds = versions === page.versions && page.generation === this.generation;
        if (!holds || this.closing) return handler(request, response);
        this.send(request, response, page, started, this.cookiesOf(visitor));
      },
      () => handler(request, response),
    );
  }

  private send(
    request: IncomingMessage,
    response: ServerResponse,
    { head, body, route }: KeptAnswer,
    started: number,
    cookies: string[] = [],
  ): void {
    const headers = cookies.length === 0 ? head : [...head, 'set-cookie', cookies];
    response.writeHead(200, headers);
    response.end(body);
    this.answered++;
    this.options!.observe?.('GET', route, 200, (performance.now() - started) / 1000);
    if (this.logRequests) {
      const req = { method: request.method, url: request.url };
      const res = { statusCode: 200 };
      this.app!.log.info(
        { reqId: requestIdOf(request), req, res },
        'request completed by the edge',
      );
    }
  }

  /** The page kept for this visitor's request, while it holds (its counts are checked after). */
  private keptPage(request: IncomingMessage): { page: KeptPage; visitor: Visitor } | undefined {
    if (request.headers.authorization !== undefined) return undefined;
    const { cookie } = request.headers;
    const visitor = visitorOf(cookie ? this.app!.parseCookie(cookie) : {});
    const page = this.pages.get(pageKey(request, visitor));
    if (!page || page.generation !== this.generation || page.until <= Date.now()) return undefined;
    return { page, visitor };
  }

  /** Whether the framework's answer to this request may be kept, and under what. */
  private keepable(request: FastifyRequest): Keepable | null {
    if (request.method !== 'GET' || this.closing) return null;
    const { config } = request.routeOptions;
    // Only the route's own address: anything after it (a query) would be kept apart for nothing.
    if (config.constant)
      return request.url === request.routeOptions.url ? { kind: 'constant' } : null;
    // The web app's pages are the framework's answer to the addresses no route claims.
    if (!request.is404 || request.headers.authorization !== undefined) return null;
    const visitor = visitorOf(request.cookies);
    const [pathname, search] = request.url.split('?', 2);
    // A player page holds the answers to its first calls (see `spa.ts`): the catalogue's data.
    const answered = firstCallsOf(pathname!, search).length > 0;
    let member: string | null = null;
    if (visitor.member) {
      // A member's answers hold their library and likes too, which no count follows.
      const { session, user } = request;
      if (answered || request.authMethod !== 'session' || !user || !session.row) return null;
      member = signedInState(session.row, user);
    }
    return {
      kind: 'page',
      key: pageKey(request.raw, visitor),
      generation: this.generation,
      until: Date.now() + PAGE_KEPT_MS,
      member,
      sessionId: visitor.sessionId,
      versions: answered || member !== null ? this.options!.versions() : null,
    };
  }

  private keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const keepable = request.keepable!;
    if (reply.statusCode !== 200) return;
    const body =
      typeof payload === 'string'
        ? Buffer.from(payload)
        : Buffer.isBuffer(payload)
          ? payload
          : null;
    if (!body) return;
    const head = headOf(reply, body.length);
    if (keepable.kind === 'constant') {
      this.constants.set(request.url, { head, body, route: request.routeOptions.url! });
      return;
    }
    // Kept as whose it began as: a guest's page for every guest, a member's for their session.
    const signedIn = request.user !== null || request.authMethod !== null;
    if (signedIn !== (keepable.member !== null)) return;
    const { key, generation, until } = keepable;
    const route = UNMATCHED_ROUTE;
    if (!keepable.versions) {
      this.pages.set(key, { head, body, route, generation, until, versions: null });
      return;
    }
    const kept = Promise.all([keepable.versions, this.memberUntil(keepable)]).then(
      ([versions, memberUntil]) => {
        if (memberUntil === undefined) return;
        this.pages.set(key, {
          head,
          body,
          route,
          generation,
          until: Math.min(until, memberUntil),
          versions,
        });
      },
      () => undefined,
    );
    this.keeping.add(kept);
    void kept.finally(() => this.keeping.delete(kept));
  }

  /**
   * Until when a member's page holds as far as their session goes (Infinity for a guest's), or
   * undefined when it must not be kept. The session and user are read again, after the counts
   * the page is kept under: what the page was made from is then known to be what those counts
   * stand for.
   */
  private async memberUntil(
    keepable: Extract<Keepable, { kind: 'page' }>,
  ): Promise<number | undefined> {
    if (keepable.member === null) return Infinity;
    const now = await this.options!.signedIn(keepable.sessionId!);
    return now?.state === keepable.member ? now.until : undefined;
  }

  /** The cookies the framework's hooks would set for this visitor (see auth-context and xsrf). */
  private cookiesOf(visitor: Visitor): string[] {
    const { newVisitor, xsrfTokens } = this.options!;
    if (!visitor.sessionId) {
      const { sessionId, xsrfToken } = newVisitor();
      return [this.sessionCookie!(sessionId), this.xsrfCookie!(xsrfToken)];
    }
    const token = xsrfTokens.of(visitor.sessionId, false);
    return visitor.xsrfToken === token ? [] : [this.xsrfCookie!(token)];
  }
}

function visitorOf(cookies: Record<string, string | undefined>): Visitor {
  const sessionId = cookies[SESSION_COOKIE];
  return {
    sessionId,
    xsrfToken: cookies[XSRF_COOKIE],
    locale: cookies[LOCALE_COOKIE],
    member: sessionId !== undefined && !isGuestId(sessionId),
  };
}

type CookieWriter = (value: string) => string;

/**
 * A cookie's `Set-Cookie` text for any value, serialized once as the framework does. Session ids
 * and tokens are base64url text, which cookies carry as it is, so only the value differs.
 */
function cookieWriter(
  app: FastifyInstance,
  name: string,
  options: Parameters<FastifyInstance['serializeCookie']>[2],
): CookieWriter {
  const attributes = app.serializeCookie(name, '', options).slice(name.length + 1);
  return (value) => `${name}=${value}${attributes}`;
}

/**
 * Everything of a request that its page is worked out from; a member's session id too, so that
 * their page is only ever found for their own cookie.
 */
function pageKey(request: IncomingMessage, visitor: Visitor): string {
  const { host, 'accept-encoding': encodings, 'accept-language': languages } = request.headers;
  const agent = request.headers['user-agent'];
  const whose = visitor.member ? visitor.sessionId : '';
  return `${request.url}\n${host}\n${encodings}\n${languages}\n${agent}\n${visitor.locale}\n${whose}`;
}

/** The answer's headers as name, value pairs, but those each answer gets of its own. */
function headOf(reply: FastifyReply, length: number): (string | string[])[] {
  const head: (string | string[])[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || OWN_HEADERS.has(name)) continue;
    head.push(name, Array.isArray(value) ? value.map(String) : String(value));
  }
  head.push('content-length', String(length));
  return head;
}
