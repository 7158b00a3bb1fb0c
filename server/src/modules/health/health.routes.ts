import { readinessSchema } from '@cadenza/contracts/health';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MetricsService } from './metrics.service.js';
import type { ReadinessService } from './readiness.service.js';

const HEALTHY = JSON.stringify({ status: 'ok' });

export async function healthRoutes(
  app: FastifyInstance,
  { readiness, metrics }: { readiness: ReadinessService; metrics: MetricsService },
): Promise<void> {
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

  app.get(
    '/api/v1/health/ready',
    {
      // A load balancer's probe: whether this instance can serve now (liveness is the above).
      config: { session: 'none' },
      schema: { response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (request, reply) => {
      const answer = await readiness.check((check, error) =>
        request.log.warn({ err: error, check }, 'readiness check failed'),
      );
      return reply.code(answer.status === 'ok' ? 200 : 503).send(answer);
    },
  );

  app.get('/metrics', { config: { session: 'none' } }, async (request, reply) => {
    const { type, text } = await metrics.read(request.headers.authorization);
    return reply.type(type).header('cache-control', 'no-store').send(text);
  });
}
