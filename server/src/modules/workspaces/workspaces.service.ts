import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import * as repo from './workspaces.repo.js';

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;

export function createWorkspacesService(db: Kysely<Database>) {
  return {
    create: (name: string, ownerId: number) => repo.insertWorkspace(db, name, ownerId),

    /** A request may act in a workspace only as one of its members. */
    async assertMember(workspaceId: number, userId: number | null): Promise<void> {
      if (userId === null) throw AppError.unauthenticated();
      const workspace = await repo.findWorkspace(db, workspaceId);
      if (!workspace) throw AppError.notFound('Workspace not found.');
      if (!(await repo.findMembership(db, workspaceId, userId))) {
        throw AppError.forbidden('You are not a member of this workspace.');
      }
    },
  };
}
