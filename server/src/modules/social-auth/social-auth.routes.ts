import {
  socialConnectBodySchema,
  socialProfileSchema,
  socialServiceSchema,
  type SocialResult,
} from '@cadenza/contracts/social-auth';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BootstrapService } from '../bootstrap/bootstrap.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { callbackPage, formPostRelayPage } from './callback-page.js';
import { FLOW_COOKIE, FLOW_SECONDS, type SocialAuthService } from './social-auth.service.js';

const COOKIE_PATH = '/secure/auth/social';
const serviceParams = z.object({ service: socialServiceSchema });
const callbackFields = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
  /** OpenID Connect providers name themselves in their answer (RFC 9207). */
  iss: z.string().max(2000).optional(),
  /** Apple's first answer names the user here. */
  user: z.string().max(2000).optional(),
});

export async function socialAuthRoutes(
  app: FastifyInstance,
  deps: {
    socialAuth: SocialAuthService;
    bootstrap: BootstrapService;
    settings: SettingsService;
    secureCookies: boolean;
  },
): Promise<void> {
  const { socialAuth, bootstrap } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function page(reply: FastifyReply, result: SocialResult) {
    const siteName = await deps.settings.get('branding.site_name');
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(callbackPage(result, socialAuth.origin, siteName));
  }

  // The popup's pages must not cut it off from the window that opened it: the callback page
  // hands its result to `window.opener`, which a stricter opener policy would leave null.
  const popupPage = {
    securityHeaders: { crossOriginOpenerPolicy: { policy: 'unsafe-none' } },
  } as const;

  for (const mode of ['login', 'connect'] as const) {
    r.get(
      `/secure/auth/social/:service/${mode}`,
      { schema: { params: serviceParams }, config: popupPage },
      async (request, reply) => {
        await socialAuth.assertEnabled(request.params.service);
        const started = await socialAuth.start(request, request.params.service, mode);
        if ('result' in started) return page(reply, started.result);
        reply.setCookie(FLOW_COOKIE, started.cookie, {
          path: COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.secureCookies,
          maxAge: FLOW_SECONDS,
        });
        return reply.header('cache-control', 'no-store').redirect(started.redirect);
      },
    );
  }

  r.get(
    '/secure/auth/social/:service/callback',
    { schema: { params: serviceParams, querystring: callbackFields }, config: popupPage },
    async (request, reply) => {
      await socialAuth.assertEnabled(request.params.service);
      const result = await socialAuth.callback(
        request,
        request.params.service,
        request.query,
        request.cookies[FLOW_COOKIE],
      );
      reply.clearCookie(FLOW_COOKIE, { path: COOKIE_PATH });
      return page(reply, result);
    },
  );

  // Apple posts its answer from its own site: parse the form here only, and hand it to the GET
  // callback above through a page of our own origin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  r.post(
    '/secure/auth/social/:service/callback',
    {
      config: { cookieless: true, ...popupPage },
      schema: { params: serviceParams, body: callbackFields },
    },
    async (request, reply) => {
      await socialAuth.assertEnabled(request.params.service);
      const siteName = await deps.settings.get('branding.site_name');
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(
          formPostRelayPage(
            `/secure/auth/social/${request.params.service}/callback`,
            request.body,
            siteName,
          ),
        );
    },
  );

  r.post(
    '/secure/auth/social/connect',
    {
      schema: {
        body: socialConnectBodySchema,
        response: {
          200: z.union([
            z.object({ bootstrapData: z.record(z.string(), z.unknown()) }),
            z.object({ two_factor: z.literal(true) }),
          ]),
        },
      },
    },
    async (request) => {
      const { twoFactor } = await socialAuth.connectPending(request, request.body.password);
      if (twoFactor) return { two_factor: true as const };
      return { bootstrapData: { ...(await bootstrap.forRequest(request)) } };
    },
  );

  r.post(
    '/secure/auth/social/:service/disconnect',
    {
      config: { auth: true },
      schema: {
        params: serviceParams,
        response: { 200: z.object({ social_profiles: z.array(socialProfileSchema) }) },
      },
    },
    async (request) => ({
      social_profiles: await socialAuth.disconnect(request, request.params.service),
    }),
  );
}
