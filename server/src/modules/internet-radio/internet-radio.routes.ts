import { paginationSchema } from '@cadenza/contracts/http';
import {
  RADIO_PERMISSIONS,
  radioNowPlayingSchema,
  radioStationInputSchema,
  radioStationSchema,
} from '@cadenza/contracts/radio-stations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, idParams, messageSchema, pageQuery } from '../music/http.js';
import type { InternetRadioService } from './internet-radio.service.js';

const stationResponse = z.object({ station: radioStationSchema });

/**
 * Internet radio stations: listeners list them, play their streams through the server and read
 * what plays now; the admin area adds, changes and deletes them. The service checks who asks.
 */
export async function internetRadioRoutes(
  app: FastifyInstance,
  { radio }: { radio: InternetRadioService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: RADIO_PERMISSIONS.manage };
  const managerOf = async (request: Parameters<typeof actorOf>[0]) => ({
    actor: await actorOf(request),
    by: request,
  });

  r.get(
    '/api/v1/radio-stations',
    { schema: { response: { 200: z.object({ stations: z.array(radioStationSchema) }) } } },
    async (request) => ({ stations: await radio.list(await actorOf(request)) }),
  );

  r.get(
    '/api/v1/radio-stations/:id',
    { schema: { params: idParams, response: { 200: stationResponse } } },
    async (request) => ({ station: await radio.get(await actorOf(request), request.params.id) }),
  );

  r.get(
    '/api/v1/radio-stations/:id/now-playing',
    { schema: { params: idParams, response: { 200: radioNowPlayingSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return radio.nowPlaying(await actorOf(request), request.params.id);
    },
  );

  // The live stream, relayed: it never ends, so it is neither cached nor ranged.
  r.get(
    '/api/v1/radio-stations/:id/stream',
    { schema: { params: idParams } },
    async (request, reply) => {
      const listenerGone = new AbortController();
      request.raw.once('close', () => listenerGone.abort());
      const actor = await actorOf(request);
      const upstream = await radio.openStream(actor, request.params.id, {
        signal: listenerGone.signal,
        listener: actor.userId === null ? `guest:${request.ip}` : `user:${actor.userId}`,
      });
      upstream.once('error', () => upstream.destroy());
      return reply
        .header('content-type', upstream.headers['content-type'])
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(upstream);
    },
  );

  r.get(
    '/api/v1/admin/radio-stations',
    {
      config: manage,
      schema: {
        querystring: pageQuery(50),
        response: { 200: paginationSchema(radioStationSchema) },
      },
    },
    async (request) => ({ pagination: await radio.page(await actorOf(request), request.query) }),
  );

  r.post(
    '/api/v1/admin/radio-stations',
    {
      config: manage,
      schema: { body: radioStationInputSchema, response: { 201: stationResponse } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ station: await radio.create(await managerOf(request), request.body) }),
  );

  r.put(
    '/api/v1/admin/radio-stations/:id',
    {
      config: manage,
      schema: {
        params: idParams,
        body: radioStationInputSchema,
        response: { 200: stationResponse },
      },
    },
    async (request) => ({
      station: await radio.update(await managerOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/v1/admin/radio-stations/:id',
    { config: manage, schema: { params: idParams, response: { 200: messageSchema } } },
    async (request) => {
      await radio.remove(await managerOf(request), request.params.id);
      return { message: 'Radio station deleted.' };
    },
  );
}
