import { userSchema } from '@cadenza/contracts/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UsersService } from './users.service.js';
import { AppError } from '../../core/errors.js';

const relations = z.array(z.enum(['roles', 'permissions', 'subscriptions'])).optional();
const relationsQuery = z.object({
  with: relations,
  loadCount: z.array(z.enum(['roles'])).optional(),
});

export async function usersRoutes(
  app: FastifyInstance,
  { users }: { users: UsersService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const me = async (request: {
    user: Parameters<UsersService['present']>[0] | null;
    query: z.infer<typeof relationsQuery>;
  }) => {
    if (!request.user) throw AppError.unauthenticated();
    return { user: await users.present(request.user, request.query) };
  };

  r.get(
    '/api/v1/me',
    {
      config: { auth: true },
      schema: { querystring: relationsQuery, response: { 200: z.object({ user: userSchema }) } },
    },
    me,
  );

  // `users/me` is the current user; another id is readable only by the user themself for now.
  r.get(
    '/api/v1/users/:id',
    {
      config: { auth: true },
      schema: {
        params: z.object({ id: z.union([z.literal('me'), z.coerce.number().int().positive()]) }),
        querystring: relationsQuery,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => {
      if (request.params.id !== 'me' && request.params.id !== request.user?.id)
        throw AppError.forbidden();
      return me(request);
    },
  );
}
