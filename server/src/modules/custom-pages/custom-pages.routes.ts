import {
  CUSTOM_PAGES_PERMISSION,
  customPageInputSchema,
  customPageSchema,
  publicCustomPageSchema,
} from '@cadenza/contracts/custom-pages';
import { integer, paginationQuerySchema, paginationSchema } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomPagesService } from './custom-pages.service.js';

const idParams = z.object({ id: integer({ min: 1 }) });
const pageResponse = z.object({ page: customPageSchema });

export async function customPagesRoutes(
  app: FastifyInstance,
  { customPages }: { customPages: CustomPagesService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { permission: CUSTOM_PAGES_PERMISSION };

  r.get(
    '/api/v1/custom-pages',
    {
      config: admin,
      schema: {
        querystring: paginationQuerySchema.extend({ query: z.string().trim().max(100).optional() }),
        response: { 200: paginationSchema(customPageSchema) },
      },
    },
    async (request) => ({ pagination: await customPages.list(request.query) }),
  );

  r.post(
    '/api/v1/custom-pages',
    {
      config: admin,
      schema: { body: customPageInputSchema, response: { 200: pageResponse } },
    },
    async (request) => ({ page: await customPages.create(request, request.body) }),
  );

  r.put(
    '/api/v1/custom-pages/:id',
    {
      config: admin,
      schema: { params: idParams, body: customPageInputSchema, response: { 200: pageResponse } },
    },
    async (request) => ({
      page: await customPages.update(request, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/v1/custom-pages/:id',
    { config: admin, schema: { params: idParams, response: { 200: z.object({}) } } },
    async (request) => {
      await customPages.delete(request, request.params.id);
      return {};
    },
  );

  // The editor opens a page with everything it holds (the public call leaves the SEO text out).
  r.get(
    '/api/v1/admin/custom-pages/:id',
    { config: admin, schema: { params: idParams, response: { 200: pageResponse } } },
    async (request) => ({ page: await customPages.get(request.params.id) }),
  );

  // Public: the footer's privacy policy and terms are read by visitors.
  r.get(
    '/api/v1/custom-pages/:idOrSlug',
    {
      schema: {
        params: z.object({ idOrSlug: z.string().min(1).max(255) }),
        response: { 200: publicCustomPageSchema },
      },
    },
    async (request) => customPages.show(request.params.idOrSlug),
  );
}
