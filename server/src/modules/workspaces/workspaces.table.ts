import type { Generated, Selectable } from 'kysely';

export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceMembersTable {
  workspace_id: number;
  user_id: number;
  role: string;
  created_at: string;
}

export interface WorkspaceInvitesTable {
  id: string;
  workspace_id: number;
  email: string;
  role: string;
  invited_by: number | null;
  expires_at: string;
  created_at: string;
}

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type WorkspaceInviteRow = Selectable<WorkspaceInvitesTable>;
