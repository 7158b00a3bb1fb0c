import { idFrom } from '@cadenza/contracts/http';
import { hasPermission } from '@cadenza/contracts/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';
import type { WorkspaceMembership } from './ports.js';
import './request-context.js';

/**
 * Route-level access rules. A route declares `config: { auth: true }` or
 * `config: { permission: 'name' }` (or a list of names, any of which opens it); visitors are checked against the guest role, so a
 * permission the guests hold opens the route to them. `workspaceId` scopes a request to a
 * workspace the user belongs to.
 */
export const accessPlugin = fp<{ workspaces: WorkspaceMembership }>(
  async (app: FastifyInstance, { workspaces }) => {
    app.decorateRequest('workspaceId', 0);

    async function check(
      request: FastifyRequest,
      permission: string | readonly string[] | undefined,
      workspaceId: number | undefined,
    ) {
      if (permission) {
        const held = await request.permissions();
        const wanted = typeof permission === 'string' ? [permission] : permission;
        if (!wanted.some((name) => hasPermission(held, name))) {
          throw request.user ? AppError.forbidden() : AppError.unauthenticated();
        }
      }
      if (workspaceId === undefined) {
        throw AppError.validation({ workspaceId: 'The workspace id must be a whole number.' });
      }
      if (workspaceId !== 0) await workspaces.assertMember(workspaceId, request.user?.id ?? null);
      request.workspaceId = workspaceId;
    }

    // Before validation: a visitor without access learns nothing about the payload rules.
    // Synchronous unless a permission or a workspace must be looked up.
    app.addHook('preValidation', (request, _reply, done) => {
      const config = request.routeOptions.config;
      if (config.auth && !request.user) throw AppError.unauthenticated();
      const raw = (request.query as Record<string, unknown> | undefined)?.workspaceId;
      const workspaceId =
        raw === undefined || raw === '' || raw === '0'
          ? 0
          : idFrom(typeof raw === 'string' ? raw : '');
      if (!config.permission && workspaceId === 0) return done();
      check(request, config.permission, workspaceId).then(() => done(), done);
    });
  },
  { name: 'access', dependencies: ['auth-context'] },
);
