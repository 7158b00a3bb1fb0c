import { integer } from '@cadenza/contracts/http';
import {
  confirmPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  PASSWORD_CONFIRMATION_SECONDS,
  twoFactorChallengeBodySchema,
} from '@cadenza/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BootstrapService } from '../bootstrap/bootstrap.service.js';
import type { AuthService } from './auth.service.js';

const bootstrapResponse = z.object({ bootstrapData: z.record(z.string(), z.unknown()) });

export async function authRoutes(
  app: FastifyInstance,
  { auth, bootstrap }: { auth: AuthService; bootstrap: BootstrapService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/login',
    { schema: { body: loginBodySchema, response: { 200: loginResponseSchema } } },
    async (request) => {
      const result = await auth.login(request, request.body);
      if (result.twoFactor) return { two_factor: true as const };
      return { bootstrapData: { ...(await bootstrap.forRequest(request)) } };
    },
  );

  r.post(
    '/auth/two-factor-challenge',
    { schema: { body: twoFactorChallengeBodySchema, response: { 200: bootstrapResponse } } },
    async (request) => {
      await auth.twoFactorChallenge(request, request.body);
      return { bootstrapData: { ...(await bootstrap.forRequest(request)) } };
    },
  );

  r.post('/auth/logout', { schema: { response: { 200: bootstrapResponse } } }, async (request) => {
    await auth.logout(request);
    return { bootstrapData: { ...(await bootstrap.forRequest(request)) } };
  });

  r.get(
    '/api/v1/bootstrap-data',
    { schema: { response: { 200: bootstrapResponse } } },
    async (request) => ({ bootstrapData: { ...(await bootstrap.forRequest(request)) } }),
  );

  r.get(
    '/auth/user/confirmed-password-status',
    {
      config: { auth: true },
      schema: {
        querystring: z.object({
          seconds: integer({ min: 1, max: PASSWORD_CONFIRMATION_SECONDS }).default(
            PASSWORD_CONFIRMATION_SECONDS,
          ),
        }),
        response: { 200: z.object({ confirmed: z.boolean() }) },
      },
    },
    async (request) => ({ confirmed: auth.isPasswordConfirmed(request, request.query.seconds) }),
  );

  r.post(
    '/auth/user/confirm-password',
    {
      config: { auth: true },
      schema: {
        body: confirmPasswordBodySchema,
        response: { 201: z.object({ confirmed: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await auth.confirmPassword(request, request.body.password);
      return reply.status(201).send({ confirmed: true });
    },
  );
}
