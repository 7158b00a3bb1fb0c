import { insightsQuerySchema, insightsSchema } from '@cadenza/contracts/backstage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userIdOf } from '../music/http.js';
import type { InsightsService } from './insights.service.js';

/** Figures of an artist's, album's or track's listening, for those who manage the artist. */
export async function backstageInsightsRoutes(
  app: FastifyInstance,
  { insights }: { insights: InsightsService },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/backstage/insights',
    {
      config: { auth: true },
      schema: {
        querystring: insightsQuerySchema,
        response: { 200: z.object({ insights: insightsSchema }) },
      },
    },
    async (request) => ({ insights: await insights.of(userIdOf(request), request.query) }),
  );
}
