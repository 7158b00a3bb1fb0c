import { integer } from '@cadenza/contracts/http';
import {
  changeRoleBodySchema,
  inviteBodySchema,
  workspaceNameSchema,
  workspaceSchema,
  workspaceSummarySchema,
} from '@cadenza/contracts/workspaces';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WorkspacesService } from './workspaces.service.js';

const signedIn = { auth: true } as const;
const idParams = z.object({ id: integer({ min: 1 }) });
const inviteId = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[\w-]+$/, 'Not an invitation id.');
const workspaceResponse = { 200: z.object({ workspace: workspaceSchema }) };

/** Workspaces and their members and invitations (DESIGN.md §8, spec section 7). */
export async function workspacesRoutes(
  app: FastifyInstance,
  { workspaces }: { workspaces: WorkspacesService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/me/workspaces',
    {
      config: signedIn,
      schema: { response: { 200: z.object({ workspaces: z.array(workspaceSummarySchema) }) } },
    },
    async (request) => ({ workspaces: await workspaces.listFor(request.user!.id) }),
  );

  r.post(
    '/api/v1/workspace',
    { config: signedIn, schema: { body: workspaceNameSchema, response: workspaceResponse } },
    async (request) => ({
      workspace: await workspaces.createFor(request.user!.id, request.body.name),
    }),
  );

  r.get(
    '/api/v1/workspace/:id',
    { config: signedIn, schema: { params: idParams, response: workspaceResponse } },
    async (request) => ({ workspace: await workspaces.get(request.params.id, request.user!.id) }),
  );

  r.put(
    '/api/v1/workspace/:id',
    {
      config: signedIn,
      schema: { params: idParams, body: workspaceNameSchema, response: workspaceResponse },
    },
    async (request) => ({
      workspace: await workspaces.rename(request.params.id, request.user!.id, request.body.name),
    }),
  );

  r.delete(
    '/api/v1/workspace/:id',
    {
      config: signedIn,
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      await workspaces.remove(request.params.id, request.user!.id);
      return { message: 'Workspace deleted' };
    },
  );

  r.post(
    '/api/v1/workspace/:id/invite',
    {
      config: signedIn,
      schema: { params: idParams, body: inviteBodySchema, response: workspaceResponse },
    },
    async (request) => ({
      workspace: await workspaces.invite(request.params.id, request.user!, request.body),
    }),
  );

  r.post(
    '/api/v1/workspace/:id/invite/:inviteId/resend',
    {
      config: signedIn,
      schema: {
        params: idParams.extend({ inviteId }),
        response: workspaceResponse,
      },
    },
    async (request) => ({
      workspace: await workspaces.resendInvite(
        request.params.id,
        request.user!,
        request.params.inviteId,
      ),
    }),
  );

  r.delete(
    '/api/v1/workspace/:id/invite/:inviteId',
    {
      config: signedIn,
      schema: { params: idParams.extend({ inviteId }), response: workspaceResponse },
    },
    async (request) => ({
      workspace: await workspaces.revokeInvite(
        request.params.id,
        request.user!.id,
        request.params.inviteId,
      ),
    }),
  );

  r.post(
    '/api/v1/workspace/:id/member/:userId/change-role',
    {
      config: signedIn,
      schema: {
        params: idParams.extend({ userId: integer({ min: 1 }) }),
        body: changeRoleBodySchema,
        response: workspaceResponse,
      },
    },
    async (request) => ({
      workspace: await workspaces.changeRole(
        request.params.id,
        request.user!.id,
        request.params.userId,
        request.body.role_id,
      ),
    }),
  );

  r.delete(
    '/api/v1/workspace/:id/member/:userId',
    {
      config: signedIn,
      schema: {
        params: idParams.extend({ userId: integer({ min: 1 }) }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await workspaces.removeMember(request.params.id, request.user!.id, request.params.userId);
      return {
        message:
          request.params.userId === request.user!.id ? 'You left the workspace' : 'Member removed',
      };
    },
  );

  r.get(
    '/api/v1/workspace/join/:inviteId',
    {
      config: signedIn,
      schema: {
        params: z.object({ inviteId }),
        response: { 200: z.object({ workspace: z.object({ id: z.number() }) }) },
      },
    },
    async (request) => workspaces.join(request.params.inviteId, request.user!),
  );

  r.delete(
    '/api/v1/workspace/invite/:inviteId',
    {
      config: signedIn,
      schema: {
        params: z.object({ inviteId }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await workspaces.decline(request.params.inviteId, request.user!);
      return { message: 'Declined workspace invitation' };
    },
  );
}
