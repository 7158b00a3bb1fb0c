import { loginBodySchema } from '@cadenza/contracts/auth';
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
    { schema: { body: loginBodySchema, response: { 200: bootstrapResponse } } },
    async (request) => {
      await auth.login(request, request.body);
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
}
