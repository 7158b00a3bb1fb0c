import {
  ADMIN_PERMISSIONS,
  adminUserCreateSchema,
  adminUserListQuerySchema,
  adminUserSchema,
  adminUserUpdateSchema,
  banInputSchema,
} from '@cadenza/contracts/admin';
import { adminListQuerySchema, idFrom, integer, paginationSchema } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '../accounts/account.service.js';
import type { UsersAdminService } from './users-admin.service.js';
import { readAvatarInput } from '../accounts/account.routes.js';

const idParams = z.object({ id: integer({ min: 1 }) });
/** `DELETE /users/{ids}`: one id or several, comma-joined. */
const idsParams = z.object({
  ids: z
    .string()
    .transform((text) => text.split(',').map((part) => idFrom(part.trim())))
    .refine((ids) => ids.length <= 100 && ids.every((id) => id !== undefined), 'Invalid ids.')
    .transform((ids) => [...new Set(ids as number[])]),
});
const userResponse = { 200: z.object({ user: adminUserSchema }) };
const asBoolean = (value: 'true' | 'false' | undefined) =>
  value === undefined ? undefined : value === 'true';

/**
 * The admin API of users (DESIGN.md §8): the table, create and edit with roles and direct
 * grants, bans, deletes and impersonation. The service records every write in the audit log.
 */
export async function usersAdminRoutes(
  app: FastifyInstance,
  { usersAdmin }: { usersAdmin: UsersAdminService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  const config = { permission: ADMIN_PERMISSIONS.users };

  r.get(
    '/api/v1/admin/users',
    {
      config,
      schema: {
        querystring: adminListQuerySchema.extend(adminUserListQuerySchema.shape),
        response: { 200: paginationSchema(adminUserSchema) },
      },
    },
    async ({ query }) => ({
      pagination: await usersAdmin.list(query, {
        role_id: query.role_id,
        subscribed: asBoolean(query.subscribed),
        banned: asBoolean(query.banned),
        verified: asBoolean(query.verified),
      }),
    }),
  );

  r.get(
    '/api/v1/admin/users/:id',
    { config, schema: { params: idParams, response: userResponse } },
    async (request) => ({ user: await usersAdmin.get(request.params.id) }),
  );

  r.post(
    '/api/v1/admin/users',
    { config, schema: { body: adminUserCreateSchema, response: userResponse } },
    async (request) => ({ user: await usersAdmin.create(request, request.body) }),
  );

  r.put(
    '/api/v1/admin/users/:id',
    {
      config,
      schema: { params: idParams, body: adminUserUpdateSchema, response: userResponse },
    },
    async (request) => ({
      user: await usersAdmin.update(request, request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/v1/admin/users/:ids',
    { config, schema: { params: idsParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const gone = await usersAdmin.remove(request, request.params.ids);
      return { message: gone.length === 1 ? 'User deleted' : `${gone.length} users deleted` };
    },
  );

  // The user's picture, as the user's own settings set it: an upload, or a URL to fetch.
  r.post(
    '/api/v1/admin/users/:id/avatar',
    { config, schema: { params: idParams, response: userResponse } },
    async (request) => ({
      user: await usersAdmin.setAvatar(request, request.params.id, await readAvatarInput(request)),
    }),
  );

  r.delete(
    '/api/v1/admin/users/:id/avatar',
    { config, schema: { params: idParams, response: userResponse } },
    async (request) => ({ user: await usersAdmin.removeAvatar(request, request.params.id) }),
  );

  r.post(
    '/api/v1/admin/users/:id/ban',
    { config, schema: { params: idParams, body: banInputSchema, response: userResponse } },
    async (request) => ({
      user: await usersAdmin.ban(request, request.params.id, request.body),
    }),
  );

  r.post(
    '/api/v1/admin/users/:id/unban',
    { config, schema: { params: idParams, response: userResponse } },
    async (request) => ({ user: await usersAdmin.unban(request, request.params.id) }),
  );

  r.post(
    '/api/v1/admin/users/:id/impersonate',
    { config, schema: { params: idParams, response: userResponse } },
    async (request) => ({ user: await usersAdmin.impersonate(request, request.params.id) }),
  );

  // The impersonated user's session ends the impersonation: no admin permission is held here.
  r.post(
    '/api/v1/impersonation/stop',
    { config: { auth: true }, schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await usersAdmin.stopImpersonating(request);
      return { message: 'Welcome back' };
    },
  );
}
