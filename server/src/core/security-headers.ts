import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@cadenza/contracts/http';
import helmet, { type HelmetOptions } from 'helmet';
import './request-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own security headers, over the app's (helmet's options). */
    securityHeaders?: HelmetOptions;
  }
}

export interface SecurityHeadersOptions {
  /** The public base URL: HSTS and upgraded requests only behind https. */
  appUrl: string;
  /** The source of every inline script the app's own pages run; each is allowed by its hash. */
  inlineScripts: string[];
  /** Further origins the browser may send requests to (direct uploads to storage). */
  connectSources?: string[];
}

// Third parties the app loads only when an admin configures them: Google's bot check and the
// address autocomplete of Google Maps.
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const MAPS = ['https://maps.googleapis.com'];

/** The CSP source that allows one inline script, by the SHA-256 of its text. */
export function scriptHashSource(script: string): string {
  return `'sha256-${crypto.createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The text of each inline script an HTML page runs (data blocks and external scripts left out). */
export function inlineScriptsOf(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/json/i.test(attributes))
      continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/**
 * Adds the hashes of a page's inline scripts to the answer's policy: for pages a library
 * renders (the API reference), whose scripts are not known when the app starts.
 */
export function allowInlineScriptsOf(reply: FastifyReply, html: string): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  const hashes = inlineScriptsOf(html).map(scriptHashSource).join(' ');
  if (hashes)
    reply.header('content-security-policy', policy.replace('script-src', `script-src ${hashes}`));
}

/**
 * Security headers on every answer (helmet): a Content-Security-Policy that allows the app's own
 * scripts and the hashes of its inline ones, `frame-ancestors 'self'` (only the appearance
 * editor frames the site), nosniff, a strict referrer policy, HSTS behind https. Ads run in
 * frames of their own with their own, sandboxed policy (see `modules/ads`).
 *
 * A JSON answer is never a document the browser runs: it gets the short policy APIs send
 * (nothing loads in it, nothing frames it), a third of the page's headers in bytes, on every call.
 *
 * And `Cache-Control: no-store` on every JSON answer that depends on who asks: any request
 * with a signed-in user or an access token, and any answer that sets a cookie.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, { appUrl, inlineScripts, connectSources = [] }) => {
    const https = appUrl.startsWith('https:');
    const scriptHashes = [...new Set(inlineScripts)].map(scriptHashSource);
    const appHeaders: HelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'base-uri': ["'self'"],
          'object-src': ["'none'"],
          'script-src': ["'self'", ...scriptHashes, ...RECAPTCHA, ...MAPS],
          // Components position themselves with style attributes and injected style elements.
          'style-src': ["'self'", "'unsafe-inline'"],
          // Covers and avatars may come from anywhere an admin or a social service points to.
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'media-src': ["'self'", 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...connectSources, ...MAPS],
          'frame-src': ["'self'", ...RECAPTCHA],
          'worker-src': ["'self'", 'blob:'],
          'manifest-src': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'self'"],
          ...(https ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      // Social login popups report back to the page that opened them.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    };
    const apiHeaders: HelmetOptions = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
      },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: appHeaders.referrerPolicy,
      strictTransportSecurity: appHeaders.strictTransportSecurity,
      // What only a document uses.
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    };
    // The headers depend on the route and the kind of answer alone, so helmet runs once per set
    // of options, not once per request.
    const appHeaderList = headersOf(appHeaders);
    const apiHeaderList = headersOf(apiHeaders);
    const routeHeaderLists = new WeakMap<HelmetOptions, Record<string, string>>();
    function headersFor(own: HelmetOptions | undefined): Record<string, string> {
      if (!own) return appHeaderList;
      let headers = routeHeaderLists.get(own);
      if (!headers) {
        headers = headersOf({ ...appHeaders, ...own } as HelmetOptions);
        routeHeaderLists.set(own, headers);
      }
      return headers;
    }

    // Set before the route runs, so that an answer written past the framework (an event stream)
    // has them too: the API's for the API's paths, whose answers are mostly JSON, the page's for
    // the rest. An answer of the other kind gets its own as it is sent.
    app.addHook('onRequest', (request, reply, done) => {
      const own = request.routeOptions.config.securityHeaders;
      reply.headers(!own && request.url.startsWith(API_PREFIX) ? apiHeaderList : headersFor(own));
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      const json = typeof type === 'string' && type.includes('json');
      if (!request.routeOptions.config.securityHeaders) {
        const api = request.url.startsWith(API_PREFIX);
        // The page's headers cover every one of the API's.
        if (api && !json) reply.headers(appHeaderList);
        if (!api && json) {
          for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
          reply.headers(apiHeaderList);
        }
      }
      if (json && (request.user || reply.hasHeader('set-cookie')))
        reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers', dependencies: ['auth-context'] },
);

/** The page's headers a JSON answer goes without (its own replace the rest). */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The headers helmet sets with these options, read off a response it is given to fill. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}
