import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import { mixesSchema, mixSchema } from '@cadenza/contracts/radio';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, listenerOf } from '../http.js';
import type { MixesService } from './mixes.service.js';

const view = { permission: MUSIC_PERMISSIONS.view };

export async function mixesRoutes(
  app: FastifyInstance,
  { mixes }: { mixes: MixesService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/me/mixes',
    { config: view, schema: { response: { 200: mixesSchema } } },
    async (request) => mixes.mixesOf(await listenerOf(request)),
  );

  r.get(
    '/api/v1/me/mixes/:id',
    { config: view, schema: { params: idParams, response: { 200: z.object({ mix: mixSchema }) } } },
    async (request) => ({ mix: await mixes.mix(request.params.id, await listenerOf(request)) }),
  );
}
