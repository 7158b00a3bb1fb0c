import { EMBED_KINDS, EMBED_THEMES } from '@cadenza/contracts/embed-code';
import { oEmbedQuerySchema, oEmbedSchema } from '@cadenza/contracts/embeds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HelmetOptions } from 'helmet';
import { z } from 'zod';
import { scriptHashSource } from '../../../core/security-headers.js';
import { idParams, viewerOf } from '../http.js';
import { EMBED_SCRIPT } from './embed-page.js';
import type { EmbedsService } from './embeds.service.js';
import { oEmbedXml } from './oembed-xml.js';

/**
 * The embed's own headers: any site may frame it (`frame-ancestors *`, no X-Frame-Options), and
 * it runs its one script alone. Every other page keeps refusing frames.
 */
const embedHeaders: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'none'"],
      'object-src': ["'none'"],
      'script-src': [scriptHashSource(EMBED_SCRIPT)],
      'style-src': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'https:'],
      'media-src': ["'self'", 'blob:'],
      'connect-src': ["'self'"],
      'form-action': ["'none'"],
      'frame-ancestors': ['*'],
    },
  },
  xFrameOptions: false,
};

const embedQuery = z.object({
  // An unknown theme is the default one rather than an error: the frame still shows.
  theme: z.string().max(20).optional(),
});
const themeOf = (theme: string | undefined) =>
  EMBED_THEMES.find((each) => each === theme) ?? EMBED_THEMES[0];

export async function embedsRoutes(
  app: FastifyInstance,
  { embeds }: { embeds: EmbedsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Framed by other sites, whose visitors' cookies never come along: they are always guests
  // here, and see what a guest sees.
  for (const kind of EMBED_KINDS) {
    r.get(
      `/embed/${kind}/:id`,
      {
        config: { cookieless: true, securityHeaders: embedHeaders },
        schema: { params: idParams, querystring: embedQuery },
      },
      async (request, reply) => {
        const viewer = await viewerOf(request);
        const theme = themeOf(request.query.theme);
        const { status, html } = await embeds.page(kind, request.params.id, viewer, {
          theme,
          acceptLanguage: request.headers['accept-language'],
        });
        return reply
          .status(status)
          .header('cache-control', 'public, max-age=300')
          .header('vary', 'accept-language')
          .type('text/html; charset=utf-8')
          .send(html);
      },
    );
  }

  r.get(
    '/api/v1/oembed',
    {
      config: { cookieless: true },
      schema: {
        querystring: oEmbedQuerySchema,
        // With `format=xml`, the same answer as oEmbed's XML document.
        response: { 200: oEmbedSchema.or(z.string()) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      const answer = await embeds.oEmbed(request.query, await viewerOf(request));
      if (request.query.format !== 'xml') return answer;
      return reply.type('text/xml; charset=utf-8').send(oEmbedXml(answer));
    },
  );
}
