import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const HEALTHY = JSON.stringify({ status: 'ok' });

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/health',
    {
      // Monitors call it often and keep no cookies: it reads no session and sets no cookie, and
      // its answer, always the same, is sent by the edge once the app has given it.
      config: { session: 'none', constant: true },
      // The schema documents the answer; the answer is sent as ready text, not checked against
      // it on every call (a sixth of the call's own time).
      schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(HEALTHY),
  );
}
