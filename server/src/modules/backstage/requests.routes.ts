import {
  BACKSTAGE_REQUEST_STATUSES,
  backstageRequestInputSchema,
  backstageRequestSchema,
  denyRequestSchema,
} from '@cadenza/contracts/backstage';
import { paginationSchema } from '@cadenza/contracts/http';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, pageQuery, userIdOf } from '../music/http.js';
import type { BackstageRequestsService } from './requests.service.js';

const signedIn = { auth: true } as const;
// Whoever edits the catalogue reviews what artists ask of it.
const review = { permission: MUSIC_PERMISSIONS.update };
const requestResponse = z.object({ request: backstageRequestSchema });

export async function backstageRequestsRoutes(
  app: FastifyInstance,
  { requests }: { requests: BackstageRequestsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/backstage/requests',
    {
      config: signedIn,
      schema: { response: { 200: z.object({ requests: z.array(backstageRequestSchema) }) } },
    },
    async (request) => ({ requests: await requests.mine(userIdOf(request)) }),
  );

  r.post(
    '/api/v1/backstage/requests',
    {
      config: signedIn,
      schema: { body: backstageRequestInputSchema, response: { 201: requestResponse } },
    },
    async (request, reply) =>
      reply.status(201).send({ request: await requests.submit(userIdOf(request), request.body) }),
  );

  r.get(
    '/api/v1/admin/backstage-requests',
    {
      config: review,
      schema: {
        querystring: pageQuery(20).extend({
          status: z.enum(BACKSTAGE_REQUEST_STATUSES).optional(),
        }),
        response: { 200: paginationSchema(backstageRequestSchema) },
      },
    },
    async (request) => ({ pagination: await requests.list(request.query) }),
  );

  r.get(
    '/api/v1/admin/backstage-requests/:id',
    { config: review, schema: { params: idParams, response: { 200: requestResponse } } },
    async (request) => ({ request: await requests.get(request.params.id) }),
  );

  r.post(
    '/api/v1/admin/backstage-requests/:id/approve',
    { config: review, schema: { params: idParams, response: { 200: requestResponse } } },
    async (request) => ({ request: await requests.approve(request, request.params.id) }),
  );

  r.post(
    '/api/v1/admin/backstage-requests/:id/deny',
    {
      config: review,
      schema: { params: idParams, body: denyRequestSchema, response: { 200: requestResponse } },
    },
    async (request) => ({
      request: await requests.deny(request, request.params.id, request.body.reason),
    }),
  );
}
