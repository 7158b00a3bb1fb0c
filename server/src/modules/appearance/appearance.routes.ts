import { ADMIN_PERMISSIONS } from '@cadenza/contracts/admin';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { readMultipartForm } from '../../core/multipart.js';
import { randomToken } from '../../infra/hash.js';
import type { Storage } from '../../infra/storage.js';
import { BRANDING_IMAGE_MAX_BYTES, scaleUploadedImage } from '../settings/branding-images.js';
import { CUSTOM_CODE_PATHS, type CustomCode, type CustomCodeKind } from './custom-code.js';
import type { ScriptPreviews } from './script-previews.js';

const CONTENT_TYPES: Record<CustomCodeKind, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
};

// Landing page pictures: wide enough for a full-width header on a large screen.
const LANDING_IMAGE_BOX = { width: 2400, height: 1600 };

/**
 * The appearance editor's server side: the site's custom CSS and JavaScript as files, the
 * editor's unsaved script drafts for its preview, and landing page pictures.
 */
export async function appearanceRoutes(
  app: FastifyInstance,
  {
    customCode,
    previews,
    storage,
  }: { customCode: CustomCode; previews: ScriptPreviews; storage: Storage },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: ADMIN_PERMISSIONS.appearance };

  for (const kind of ['css', 'js'] as const) {
    r.get(
      CUSTOM_CODE_PATHS[kind],
      { schema: { querystring: z.object({ v: z.string().max(64).optional() }) } },
      async (request, reply) => {
        const { body, version } = await customCode.read(kind);
        // The page links the current version; an old one is answered fresh, never kept.
        reply.header(
          'cache-control',
          request.query.v === version ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        return reply.type(CONTENT_TYPES[kind]).send(body);
      },
    );
  }

  r.post(
    '/api/v1/admin/appearance/script-preview',
    {
      config,
      schema: {
        body: z.object({ js: z.string().max(100_000) }),
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request) => {
      const token = await previews.keep(request.user!.id, request.body.js);
      return { url: `/api/v1/admin/appearance/script-preview/${token}` };
    },
  );

  r.get(
    '/api/v1/admin/appearance/script-preview/:token',
    { config, schema: { params: z.object({ token: z.string().regex(/^[0-9a-f]{32}$/) }) } },
    async (request, reply) => {
      const js = await previews.read(request.user!.id, request.params.token);
      if (js === undefined)
        throw AppError.notFound('This preview has expired. Edit the script again.');
      return reply.header('cache-control', 'no-store').type(CONTENT_TYPES.js).send(js);
    },
  );

  await app.register(multipart, {
    limits: { fileSize: BRANDING_IMAGE_MAX_BYTES, files: 1, fields: 2 },
  });
  r.post(
    '/api/v1/admin/appearance/images',
    { config, schema: { response: { 200: z.object({ url: z.string() }) } } },
    async (request) => {
      const form = await readMultipartForm(request);
      if (form.tooLarge) {
        throw AppError.validation({ file: 'The image may not be greater than 2 MB.' });
      }
      const image = await scaleUploadedImage(form.files.get('file'), LANDING_IMAGE_BOX, 'webp');
      const key = `appearance/${randomToken(12)}.webp`;
      await storage.put(key, image);
      return { url: storage.url(key) };
    },
  );
}
