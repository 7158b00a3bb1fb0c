import { AD_SLOTS } from '@cadenza/contracts/ads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SettingsService } from '../settings/settings.service.js';
import { adFramePage } from './ad-frame-page.js';

/**
 * The ad of one slot as a page of its own, which the web app shows in a sandboxed frame. The
 * page's policy lets the admin's ad code load whatever it needs, while the `sandbox` directive
 * keeps it in an opaque origin even when the page is opened directly: it reaches neither the
 * app's cookies, storage and DOM nor its API as the visitor. The app's own pages allow no
 * third-party scripts at all.
 */
export async function adsRoutes(
  app: FastifyInstance,
  { settings }: { settings: SettingsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anything = ['*', 'data:', 'blob:', "'unsafe-inline'", "'unsafe-eval'"];
  r.get(
    '/ads/frame/:slot',
    {
      schema: { params: z.object({ slot: z.enum(AD_SLOTS) }) },
      config: {
        securityHeaders: {
          contentSecurityPolicy: {
            useDefaults: false,
            directives: {
              'default-src': anything,
              'script-src': anything,
              sandbox: ['allow-scripts', 'allow-popups', 'allow-popups-to-escape-sandbox'],
              'frame-ancestors': ["'self'"],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const html = await settings.get(`ads.${request.params.slot}`);
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(adFramePage(html));
    },
  );
}
