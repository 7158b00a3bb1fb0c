import { messageResponseSchema } from '@cadenza/contracts/auth';
import { userSessionSchema } from '@cadenza/contracts/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserSessionsService } from './user-sessions.service.js';

export async function userSessionsRoutes(
  app: FastifyInstance,
  { userSessions }: { userSessions: UserSessionsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/user-sessions',
    {
      config: { auth: true },
      schema: { response: { 200: z.object({ sessions: z.array(userSessionSchema) }) } },
    },
    async (request) => ({ sessions: await userSessions.list(request) }),
  );

  r.post(
    '/api/v1/user-sessions/logout-other',
    {
      config: { auth: true },
      schema: {
        body: z.object({
          password: z
            .string({ message: 'The password field is required.' })
            .min(1, 'The password field is required.'),
        }),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await userSessions.logoutOthers(request, request.body.password);
      return { message: 'Logged out other sessions.' };
    },
  );
}
