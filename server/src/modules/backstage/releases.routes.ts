import {
  publishReleaseSchema,
  releaseCreateSchema,
  releaseInputSchema,
  releaseSchema,
  releaseSummarySchema,
  uploadQuotaSchema,
} from '@cadenza/contracts/backstage';
import { integer } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, userIdOf } from '../music/http.js';
import type { ReleasesService } from './releases.service.js';

const signedIn = { auth: true } as const;
const releaseResponse = z.object({ release: releaseSchema });
const fileEntry = z.object({ file_entry_id: integer({ min: 1 }) });

/** Albums, singles and EPs artists release from the backstage. */
export async function backstageReleasesRoutes(
  app: FastifyInstance,
  { releases }: { releases: ReleasesService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/backstage/artists/:id/releases',
    {
      config: signedIn,
      schema: {
        params: idParams,
        response: {
          200: z.object({ releases: z.array(releaseSummarySchema), quota: uploadQuotaSchema }),
        },
      },
    },
    async (request) =>
      releases.list(userIdOf(request), request.params.id, await request.permissions()),
  );

  r.post(
    '/api/v1/backstage/artists/:id/releases',
    {
      config: signedIn,
      schema: { params: idParams, body: releaseCreateSchema, response: { 201: releaseResponse } },
    },
    async (request, reply) => {
      const release = await releases.create(userIdOf(request), request.params.id, request.body);
      return reply.code(201).send({ release });
    },
  );

  r.get(
    '/api/v1/backstage/releases/:id',
    { config: signedIn, schema: { params: idParams, response: { 200: releaseResponse } } },
    async (request) => ({ release: await releases.get(userIdOf(request), request.params.id) }),
  );

  r.put(
    '/api/v1/backstage/releases/:id',
    {
      config: signedIn,
      schema: { params: idParams, body: releaseInputSchema, response: { 200: releaseResponse } },
    },
    async (request) => ({
      release: await releases.update(userIdOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/v1/backstage/releases/:id',
    { config: signedIn, schema: { params: idParams } },
    async (request, reply) => {
      await releases.remove(userIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/v1/backstage/releases/:id/tracks',
    {
      config: signedIn,
      schema: { params: idParams, body: fileEntry, response: { 200: releaseResponse } },
    },
    async (request) => ({
      release: await releases.addTrack(
        userIdOf(request),
        await request.permissions(),
        request.params.id,
        request.body.file_entry_id,
      ),
    }),
  );

  r.delete(
    '/api/v1/backstage/releases/:id/tracks/:trackId',
    {
      config: signedIn,
      schema: {
        params: idParams.extend({ trackId: integer({ min: 1 }) }),
        response: { 200: releaseResponse },
      },
    },
    async (request) => ({
      release: await releases.removeTrack(
        userIdOf(request),
        request.params.id,
        request.params.trackId,
      ),
    }),
  );

  r.put(
    '/api/v1/backstage/releases/:id/cover',
    {
      config: signedIn,
      schema: { params: idParams, body: fileEntry, response: { 200: releaseResponse } },
    },
    async (request) => ({
      release: await releases.setCover(
        userIdOf(request),
        request.params.id,
        request.body.file_entry_id,
      ),
    }),
  );

  r.post(
    '/api/v1/backstage/releases/:id/publish',
    {
      config: signedIn,
      schema: { params: idParams, body: publishReleaseSchema, response: { 200: releaseResponse } },
    },
    async (request) => ({
      release: await releases.publish(
        userIdOf(request),
        request.params.id,
        request.body.publish_at ?? null,
      ),
    }),
  );

  r.post(
    '/api/v1/backstage/releases/:id/unpublish',
    { config: signedIn, schema: { params: idParams, response: { 200: releaseResponse } } },
    async (request) => ({
      release: await releases.unpublish(userIdOf(request), request.params.id),
    }),
  );
}
