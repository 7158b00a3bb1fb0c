import { integer } from '@cadenza/contracts/http';
import multipart from '@fastify/multipart';
import { messageResponseSchema } from '@cadenza/contracts/auth';
import {
  changePasswordBodySchema,
  contactInfoBodySchema,
  updateProfileBodySchema,
  userRelations,
  userSchema,
} from '@cadenza/contracts/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { readMultipartForm } from '../../core/multipart.js';
import { AVATAR_MAX_BYTES, type AccountService } from './account.service.js';

const relations = z.array(z.enum(userRelations)).optional();
const relationsQuery = z.object({
  with: relations,
  loadCount: z.array(z.enum(['roles'])).optional(),
});

/** The signed-in person's own account: reading it, profile, password, avatar, deleting it. */
export async function accountRoutes(
  app: FastifyInstance,
  { account }: { account: AccountService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  const userResponse = { 200: z.object({ user: userSchema }) };
  const idParams = z.object({ id: integer({ min: 1 }) });

  r.get(
    '/api/v1/me',
    {
      config: { auth: true },
      schema: { querystring: relationsQuery, response: { 200: z.object({ user: userSchema }) } },
    },
    async (request) => ({ user: await account.read(request, 'me', request.query) }),
  );

  // `users/me` is the current user; another id is readable only by the user themself for now.
  r.get(
    '/api/v1/users/:id',
    {
      config: { auth: true },
      schema: {
        params: z.object({ id: z.union([z.literal('me'), integer({ min: 1 })]) }),
        querystring: relationsQuery,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => ({ user: await account.read(request, request.params.id, request.query) }),
  );

  r.put(
    '/api/v1/users/me',
    { config: { auth: true }, schema: { body: updateProfileBodySchema, response: userResponse } },
    async (request) => ({ user: await account.updateProfile(request, request.body) }),
  );

  r.put(
    '/api/v1/users/me/contact-info',
    {
      config: { auth: true },
      schema: {
        body: contactInfoBodySchema,
        response: { 200: messageResponseSchema.extend({ user: userSchema }) },
      },
    },
    async (request) => ({
      message: 'Contact information updated',
      user: await account.updateContactInfo(request, request.body),
    }),
  );

  r.put(
    '/auth/user/password',
    {
      config: { auth: true },
      schema: { body: changePasswordBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await account.changePassword(request, request.body);
      return { message: 'Password changed' };
    },
  );

  // Multipart `file`, or JSON / form `url`; the body is read by hand because it may be either.
  r.post(
    '/api/v1/users/:id/avatar',
    {
      config: { auth: true },
      schema: {
        params: idParams,
        response: { 200: z.object({ user: userSchema, url: z.string().nullable() }) },
      },
    },
    async (request) => {
      // Whose avatar it is comes first: another user's upload is refused before it is read.
      account.assertSelf(request, request.params.id);
      const input = await readAvatarInput(request);
      const user = await account.uploadAvatar(request, request.params.id, input);
      return { user, url: user.avatar };
    },
  );

  r.delete(
    '/api/v1/users/:id/avatar',
    { config: { auth: true }, schema: { params: idParams, response: userResponse } },
    async (request) => ({ user: await account.deleteAvatar(request, request.params.id) }),
  );

  r.delete(
    '/api/v1/users/:id',
    {
      config: { auth: true },
      schema: {
        params: idParams,
        querystring: z.object({ deleteCurrentUser: z.enum(['true', '1']).optional() }),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      if (!request.query.deleteCurrentUser) throw AppError.forbidden();
      await account.deleteAccount(request, request.params.id);
      return { message: 'Account deleted' };
    },
  );
}

/** An avatar as a multipart `file`, or a `url` (form field or JSON) to fetch it from. */
export async function readAvatarInput(
  request: FastifyRequest,
): Promise<{ file?: Buffer; tooLarge?: boolean; url?: string }> {
  if (request.isMultipart()) {
    const form = await readMultipartForm(request);
    const file = form.files.get('file');
    const url = form.fields.get('url')?.trim() || undefined;
    return { ...(file ? { file } : {}), ...(url ? { url } : {}), tooLarge: form.tooLarge };
  }
  const body = (request.body ?? {}) as { url?: unknown };
  const url = typeof body.url === 'string' ? body.url.trim() : '';
  return url ? { url } : {};
}
