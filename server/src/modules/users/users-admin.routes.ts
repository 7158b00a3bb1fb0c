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
import type { AuditService } from '../audit/audit.service.js';
import { AVATAR_MAX_BYTES } from './account.service.js';
import type { UsersAdminService } from './users-admin.service.js';
import { readAvatarInput } from './users.routes.js';

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
 * grants, bans, deletes and impersonation. Every write is recorded in the audit log.
 */
export async function usersAdminRoutes(
  app: FastifyInstance,
  { usersAdmin, audit }: { usersAdmin: UsersAdminService; audit: AuditService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  const config = { permission: ADMIN_PERMISSIONS.users };
  const subject = (id: number) => ({ type: 'user', id });

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
    async (request) => {
      const user = await usersAdmin.create(request, request.body);
      await audit.record(request, {
        action: 'user.created',
        subject: subject(user.id),
        after: user,
      });
      return { user };
    },
  );

  r.put(
    '/api/v1/admin/users/:id',
    {
      config,
      schema: { params: idParams, body: adminUserUpdateSchema, response: userResponse },
    },
    async (request) => {
      const before = await usersAdmin.get(request.params.id);
      const user = await usersAdmin.update(request, request.params.id, request.body);
      await audit.record(request, {
        action: 'user.updated',
        subject: subject(user.id),
        before,
        after: user,
      });
      return { user };
    },
  );

  r.delete(
    '/api/v1/admin/users/:ids',
    { config, schema: { params: idsParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const gone = await usersAdmin.remove(request, request.params.ids);
      for (const user of gone) {
        await audit.record(request, {
          action: 'user.deleted',
          subject: subject(user.id),
          before: user,
        });
      }
      return { message: gone.length === 1 ? 'User deleted' : `${gone.length} users deleted` };
    },
  );

  // The user's picture, as the user's own settings set it: an upload, or a URL to fetch.
  r.post(
    '/api/v1/admin/users/:id/avatar',
    { config, schema: { params: idParams, response: userResponse } },
    async (request) => {
      const before = await usersAdmin.get(request.params.id);
      const user = await usersAdmin.setAvatar(
        request,
        request.params.id,
        await readAvatarInput(request),
      );
      await audit.record(request, {
        action: 'user.updated',
        subject: subject(user.id),
        before: { avatar: before.avatar },
        after: { avatar: user.avatar },
      });
      return { user };
    },
  );

  r.delete(
    '/api/v1/admin/users/:id/avatar',
    { config, schema: { params: idParams, response: userResponse } },
    async (request) => {
      const before = await usersAdmin.get(request.params.id);
      const user = await usersAdmin.removeAvatar(request, request.params.id);
      await audit.record(request, {
        action: 'user.updated',
        subject: subject(before.id),
        before: { avatar: before.avatar },
        after: { avatar: null },
      });
      return { user };
    },
  );

  r.post(
    '/api/v1/admin/users/:id/ban',
    { config, schema: { params: idParams, body: banInputSchema, response: userResponse } },
    async (request) => {
      const before = await usersAdmin.get(request.params.id);
      const user = await usersAdmin.ban(request, request.params.id, request.body);
      await audit.record(request, {
        action: 'user.banned',
        subject: subject(user.id),
        before: before.ban,
        after: user.ban,
      });
      return { user };
    },
  );

  r.post(
    '/api/v1/admin/users/:id/unban',
    { config, schema: { params: idParams, response: userResponse } },
    async (request) => {
      const before = await usersAdmin.get(request.params.id);
      const user = await usersAdmin.unban(request, request.params.id);
      await audit.record(request, {
        action: 'user.unbanned',
        subject: subject(user.id),
        before: before.ban,
        after: null,
      });
      return { user };
    },
  );

  r.post(
    '/api/v1/admin/users/:id/impersonate',
    { config, schema: { params: idParams, response: userResponse } },
    async (request) => {
      const admin = request.user!;
      const user = await usersAdmin.impersonate(request, request.params.id);
      await audit.record(
        { user: admin, ip: request.ip },
        { action: 'user.impersonated', subject: subject(user.id) },
      );
      return { user };
    },
  );

  // The impersonated user's session ends the impersonation: no admin permission is held here.
  r.post(
    '/api/v1/impersonation/stop',
    { config: { auth: true }, schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const userId = request.user!.id;
      await usersAdmin.stopImpersonating(request);
      await audit.record(request, { action: 'user.impersonation_ended', subject: subject(userId) });
      return { message: 'Welcome back' };
    },
  );
}
