import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@cadenza/contracts/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import {
  firstCallsOf,
  isDrawnForGuests,
  PAGE_CALLS_ELEMENT_ID,
} from '@cadenza/contracts/page-calls';
import { AppError } from './errors.js';
import { endOfHead, FALLBACK_TEMPLATE, renderPage, scriptSafeText, type SeoTags } from './html.js';
import { modulePreloadsFrom } from './page-scripts.js';
import type { PageBootstrap, SettingsReader } from './ports.js';
import type { LandingPage, PlayerPages } from './prerender.js';

/** Resolves the SEO tags of a client route (a custom page, an artist…), or undefined. */
export type SeoResolver = (
  pathname: string,
  request: FastifyRequest,
) => Promise<SeoTags | undefined>;

export interface SpaOptions {
  webDist: string;
  /** The page every client route is answered with (see `readPageTemplate`). */
  template: string;
  bootstrap: PageBootstrap;
  settings: SettingsReader;
  seoResolvers?: SeoResolver[];
  /** Further tags for a page's head (the site's custom code), by path. */
  headTags?: (pathname: string) => Promise<string>;
  /** The landing page drawn for guests, so it paints before its scripts run. */
  landing?: LandingPage | undefined;
  /** The player's pages drawn for guests, so they paint before their scripts run. */
  playerPages?: PlayerPages | undefined;
}

const ONE_YEAR = 31_536_000;

/** A page shared by guests: its text, and its bytes as sent when nothing is added to it. */
interface SharedPage {
  html: string;
  bytes: Buffer;
  /** The bytes compressed, each encoding made the first time a browser accepts it. */
  compressed: Partial<Record<Encoding, Buffer>>;
  /**
   * The page as last sent with a player screen's answers in it (and, for a screen drawn for
   * guests, drawn from them), compressed, by the answers' digest: guests asking for a page get
   * the same answers until the catalogue changes, so it is made and compressed once for them
   * all rather than for each (which halved the rate it was served at).
   */
  answered?: {
    digest: string;
    bytes: Promise<Buffer>;
    compressed: Partial<Record<Encoding, Promise<Buffer>>>;
  };
}

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
const compress: Record<Encoding, (bytes: Buffer) => Buffer> = {
  // Quality 9 of 11: within a few per cent of the smallest, in milliseconds rather than tens.
  br: (bytes) =>
    zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (bytes) => zlib.gzipSync(bytes, { level: 9 }),
};
const brotliCompress = promisify(zlib.brotliCompress);
const gzipCompress = promisify(zlib.gzip);
/**
 * A page whose answers have just changed, compressed beside the event loop with quick settings:
 * a player page went from 39 KB to 7.5 KB in under a millisecond.
 */
const compressQuickly: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) => brotliCompress(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (bytes) => gzipCompress(bytes, { level: 6 }),
};

/** The built web app's `index.html`, or a bare page when the web app has not been built. */
export function readPageTemplate(webDist: string): string {
  const indexFile = path.join(webDist, 'index.html');
  return fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : FALLBACK_TEMPLATE;
}
const API_PATH = new RegExp(`^(${API_PREFIX}|/auth|/secure|/log-viewer)(/|$)`);

/**
 * Serves the built web app from the same process: hashed assets cached for a year,
 * `index.html` never cached and rendered with bootstrap data, and every other GET answered
 * with the app so client routes (and the not-found page) work on reload.
 */
export const spaPlugin = fp<SpaOptions>(
  async (
    app: FastifyInstance,
    { webDist, template, bootstrap, settings, seoResolvers = [], headTags, landing, playerPages },
  ) => {
    if (fs.existsSync(webDist)) {
      // Built files are the same for everyone: they read no session and set no cookie.
      await app.register(async (files) => {
        files.addHook('onRoute', (route) => {
          route.config = { ...route.config, session: 'none' };
        });
        await files.register(fastifyStatic, {
          root: webDist,
          wildcard: false,
          index: false,
          // The build writes Brotli and gzip copies of scripts and styles; they are sent as is.
          preCompressed: true,
          allowedPath: (pathname) => pathname !== '/index.html',
          setHeaders(res, filePath) {
            const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
            res.header(
              'cache-control',
              hashed ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600',
            );
          },
        });
      });
    }

    async function seoFor(request: FastifyRequest): Promise<SeoTags> {
      const pathname = request.url.split('?')[0] ?? '/';
      for (const resolve of seoResolvers) {
        const seo = await resolve(pathname, request);
        if (seo) return seo;
      }
      const [title, description] = await Promise.all([
        settings.get('branding.site_name'),
        settings.get('branding.site_description'),
      ]);
      return { title, description };
    }

    // A guest's page is the same for every guest with the same bootstrap data (the bootstrap
    // service keeps that while it holds): it is rendered once per data, head, tags and body,
    // and kept as the bytes sent too (encoding the text took a third of the answer's time).
    const guestPages = new WeakMap<BootstrapData, Map<string, SharedPage>>();
    // A drawn body is the landing page's: it comes with the landing page's own script.
    const renderOne = (data: BootstrapData, seo: SeoTags, extra: string, body: string) =>
      renderPage(body && landing ? landing.template : template, seo, data, extra, body);
    function guestPage(data: BootstrapData, seo: SeoTags, extra: string, body: string): SharedPage {
      const key = `${JSON.stringify(seo)}\n${extra}\n${body ? 'drawn' : ''}`;
      let pages = guestPages.get(data);
      if (!pages) guestPages.set(data, (pages = new Map()));
      let page = pages.get(key);
      if (page === undefined) {
        const html = renderOne(data, seo, extra, body);
        page = { html, bytes: Buffer.from(html), compressed: {} };
        // Custom pages each have their own head; the site cannot have unboundedly many.
        if (pages.size < 1000) pages.set(key, page);
      }
      return page;
    }

    const preloadsOf = modulePreloadsFrom(webDist);

    // The landing page a guest sees depends on the bootstrap data alone: drawn once per data.
    const landingPages = new WeakMap<BootstrapData, Promise<string>>();
    async function landingMarkup(
      request: FastifyRequest,
      pathname: string,
      data: BootstrapData,
    ): Promise<string> {
      if (!landing || request.user || pathname !== '/') return '';
      // Read from the data the page is drawn from, as the screen itself reads it.
      const homepage = data.settings.homepage as { type?: string } | undefined;
      if ((homepage?.type ?? 'landing') !== 'landing') return '';
      let markup = landingPages.get(data);
      if (!markup) {
        markup = landing.draw(data).catch((error: unknown) => {
          // The page still works without it: its scripts draw it, as on every other page.
          request.log.error({ err: error }, 'The landing page could not be drawn on the server.');
          return '';
        });
        landingPages.set(data, markup);
      }
      return markup;
    }

    /**
     * A guest's player page with the answers to its first calls (`answers`, their JSON) in it,
     * and drawn from them when it is a page drawn for guests.
     */
    async function answeredPage(
      request: FastifyRequest,
      pathname: string,
      data: BootstrapData,
      seo: SeoTags,
      extra: string,
      shared: SharedPage,
      answers: string,
    ): Promise<Buffer> {
      let html = shared.html;
      if (playerPages && isDrawnForGuests(pathname)) {
        try {
          const url = new URL(request.url, 'http://localhost');
          const calls = JSON.parse(answers) as Record<string, unknown>;
          const body = await playerPages.draw(data, url, calls);
          if (body) html = renderPage(playerPages.template, seo, data, extra, body);
        } catch (error) {
          // The page still works without it: its scripts draw it, as on a member's visit.
          request.log.error({ err: error }, 'A player page could not be drawn on the server.');
        }
      }
      return Buffer.from(endOfHead(html, answersElement(answers)));
    }

    app.setNotFoundHandler(async (request, reply) => {
      const [pathname = '/', search] = request.url.split('?');
      if ((request.method !== 'GET' && request.method !== 'HEAD') || API_PATH.test(pathname)) {
        throw AppError.notFound(`The route ${request.method} ${pathname} does not exist.`);
      }
      const [seo, data, customTags, answers] = await Promise.all([
        seoFor(request),
        bootstrap.forRequest(request),
        headTags ? headTags(pathname) : '',
        request.method === 'GET' ? answersOf(app, request, firstCallsOf(pathname, search)) : '',
      ]);
      const extra = [preloadsOf(pathname), customTags].filter(Boolean).join('\n    ');
      const body = await landingMarkup(request, pathname, data);
      reply
        .header('cache-control', 'no-cache, no-store, must-revalidate')
        .type('text/html; charset=utf-8');
      // A member's page goes as it is: it holds their own data beside text the address put
      // there (a search's words), and its compressed size could let another site guess at the
      // data, one request after another (the attack known as BREACH).
      if (request.user) {
        return reply.send(endOfHead(renderOne(data, seo, extra, body), answersElement(answers)));
      }
      const shared = guestPage(data, seo, extra, body);
      reply.header('vary', 'accept-encoding');
      const encoding = negotiate(
        request.headers['accept-encoding'] ?? '',
        ENCODINGS,
      ) as Encoding | null;
      // The answers go into the page after the guests' shared copy.
      if (answers) {
        const digest = crypto.createHash('sha256').update(answers).digest('base64');
        if (shared.answered?.digest !== digest) {
          const bytes = answeredPage(request, pathname, data, seo, extra, shared, answers);
          shared.answered = { digest, bytes, compressed: {} };
        }
        const answered = shared.answered;
        if (!encoding) return reply.send(await answered.bytes);
        answered.compressed[encoding] ??= answered.bytes.then(compressQuickly[encoding]);
        return reply.header('content-encoding', encoding).send(await answered.compressed[encoding]);
      }
      // Otherwise the page goes as it is kept, compressed once for every guest.
      if (!encoding) return reply.send(shared.bytes);
      shared.compressed[encoding] ??= compress[encoding](shared.bytes);
      return reply.header('content-encoding', encoding).send(shared.compressed[encoding]);
    });
  },
  { name: 'spa', dependencies: ['auth-context'] },
);

/** Request headers that say who asks and in what language: an answer in the page is theirs. */
const ASKER_HEADERS = ['cookie', 'authorization', 'accept-language', 'user-agent'] as const;

/**
 * The answers to a player page's first API calls, as one JSON object by URL ('' for none):
 * each call runs through the app itself with the page request's credentials, so it is checked
 * as the browser's own call would be, and only a call that succeeds is kept.
 */
async function answersOf(
  app: FastifyInstance,
  request: FastifyRequest,
  urls: string[],
): Promise<string> {
  if (urls.length === 0) return '';
  const headers: Record<string, string> = {};
  for (const name of ASKER_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answers: string[] = [];
  await Promise.all(
    urls.map(async (url) => {
      // A call that fails leaves the page as it was: the screen makes it itself.
      const response = await app.inject({ method: 'GET', url, headers }).catch(() => undefined);
      // The answer is JSON text already: it goes in as it is, not parsed and written again.
      const isJson = String(response?.headers['content-type'] ?? '').includes('json');
      if (response?.statusCode === 200 && isJson)
        answers.push(`${JSON.stringify(url)}:${response.payload}`);
    }),
  );
  return answers.length === 0 ? '' : `{${answers.join(',')}}`;
}

/** The page's script element holding the answers of {@link answersOf} ('' for none). */
function answersElement(answers: string): string {
  if (!answers) return '';
  const json = scriptSafeText(answers);
  return `<script type="application/json" id="${PAGE_CALLS_ELEMENT_ID}">${json}</script>`;
}
