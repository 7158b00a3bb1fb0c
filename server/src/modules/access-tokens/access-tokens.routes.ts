import { integer } from '@cadenza/contracts/http';
import { PERMISSIONS } from '@cadenza/contracts/permissions';
import { displayText } from '@cadenza/contracts/text';
import { accessTokenSchema } from '@cadenza/contracts/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { impersonatorOf } from '../sessions/sessions.service.js';
import type { AccessTokensService } from './access-tokens.service.js';

export async function accessTokensRoutes(
  app: FastifyInstance,
  { tokens }: { tokens: AccessTokensService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { auth: true, permission: PERMISSIONS.apiAccess };
  // With the API switched off (api.integrated false) the token endpoints do not exist.
  app.addHook('onRequest', async () => tokens.assertApiIntegrated());

  r.get(
    '/api/v1/access-tokens',
    {
      config: access,
      schema: { response: { 200: z.object({ tokens: z.array(accessTokenSchema) }) } },
    },
    async (request) => ({ tokens: await tokens.list(request.user!.id) }),
  );

  r.post(
    '/api/v1/access-tokens',
    {
      config: access,
      schema: {
        body: z.object({
          tokenName: displayText(100, { required: 'The token name field is required.' }),
        }),
        response: { 200: z.object({ token: accessTokenSchema, plainTextToken: z.string() }) },
      },
    },
    async (request) =>
      tokens.create(request.user!.id, request.body.tokenName, {
        impersonatedBy: impersonatorOf(request.session.row),
      }),
  );

  r.delete(
    '/api/v1/access-tokens/:id',
    {
      config: access,
      schema: {
        params: z.object({ id: integer({ min: 1 }) }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await tokens.delete(request.user!.id, request.params.id);
      return { message: 'Token deleted' };
    },
  );
}
