import {
  deviceCommandSchema,
  deviceIdSchema,
  deviceReportSchema,
  devicesSchema,
} from '@cadenza/contracts/devices';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listenerOf, messageSchema } from '../http.js';
import type { DevicesService } from './devices.service.js';

const listener = { auth: true, permission: MUSIC_PERMISSIONS.view } as const;
const deviceParams = z.object({ id: deviceIdSchema });

/** The listener's open players: the list, each one's reports, and commands to any of them. */
export async function devicesRoutes(
  app: FastifyInstance,
  { devices }: { devices: DevicesService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/me/devices',
    { config: listener, schema: { response: { 200: devicesSchema } } },
    async (request) => ({ devices: await devices.list(await listenerOf(request)) }),
  );

  r.put(
    '/api/v1/me/devices/:id',
    {
      config: listener,
      schema: { params: deviceParams, body: deviceReportSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await devices.report(
        await listenerOf(request),
        request.params.id,
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/v1/me/devices/:id/commands',
    {
      config: listener,
      schema: {
        params: deviceParams,
        body: deviceCommandSchema,
        response: { 202: messageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await devices.command(await listenerOf(request), request.params.id, request.body)),
  );
}
