import { botCheckVerifySchema } from '@cadenza/contracts/bot-check';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BotCheckService } from './bot-check.service.js';

const challengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

export async function botCheckRoutes(
  app: FastifyInstance,
  { botCheck }: { botCheck: BotCheckService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/recaptcha/challenge',
    { schema: { response: { 200: challengeSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return botCheck.challenge(request.ip);
    },
  );

  r.post(
    '/api/v1/recaptcha/verify',
    {
      schema: {
        body: botCheckVerifySchema,
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (request) => ({
      success: await botCheck.verify(request.body, {
        ip: request.ip,
        sessionId: request.session.id,
      }),
    }),
  );
}
