import { XSRF_COOKIE, XSRF_HEADER } from '@cadenza/contracts/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hmac, safeEqual } from '../infra/hash.js';
import { AppError } from './errors.js';
import './request-context.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Anti-forgery as Laravel does it: a token bound to the visitor's session is sent in the
 * `XSRF-TOKEN` cookie (readable by scripts) and must come back in `X-XSRF-TOKEN` with every
 * state-changing request. A page on another site can send the cookie but cannot read it.
 */
export const xsrfPlugin = fp<{ appKey: string; secureCookies: boolean }>(
  async (app: FastifyInstance, { appKey, secureCookies }) => {
    const tokenFor = (request: FastifyRequest) => hmac(appKey, `xsrf:${request.session.id}`);

    app.addHook('onRequest', async (request) => {
      // Token clients are not browsers; unknown routes answer 404 before anything else.
      if (
        SAFE_METHODS.has(request.method) ||
        request.authMethod === 'token' ||
        request.is404 ||
        request.routeOptions.config.crossSiteForm
      )
        return;
      const header = request.headers[XSRF_HEADER.toLowerCase()];
      const sent = decode(Array.isArray(header) ? header[0] : header);
      if (!sent || !safeEqual(sent, tokenFor(request))) {
        throw new AppError(419, 'CSRF token mismatch.', { code: 'csrf_mismatch' });
      }
    });

    app.addHook('onSend', async (request, reply) => {
      if (
        request.authMethod === 'token' ||
        !request.session ||
        request.routeOptions.config.crossSiteForm
      )
        return;
      const token = tokenFor(request);
      if (request.cookies[XSRF_COOKIE] === token) return;
      reply.setCookie(XSRF_COOKIE, token, {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: secureCookies,
      });
    });
  },
  { name: 'xsrf', dependencies: ['auth-context'] },
);

function decode(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return '';
  }
}
