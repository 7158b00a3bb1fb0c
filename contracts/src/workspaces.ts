import { z } from 'zod';
import { integer } from './http.js';
import { displayText } from './text.js';

/** What a member may do in a workspace. */
export const WORKSPACE_PERMISSIONS = {
  update: 'workspace.update',
  delete: 'workspace.delete',
  invite: 'workspace.members.invite',
  manageMembers: 'workspace.members.update',
  /** Add, remove and reorder the tracks of the playlists shared with the workspace. */
  playlistTracks: 'workspace.playlists.tracks',
  /** Rename, describe, picture and delete any playlist shared with the workspace. */
  managePlaylists: 'workspace.playlists.update',
} as const;

/**
 * The roles of a workspace: its owner (one, who made it or was handed it), admins who run it
 * with the owner, and members who use what it shares.
 */
export const WORKSPACE_ROLES = [
  {
    id: 1,
    name: 'owner',
    description: 'Owns the workspace: also renames, deletes or hands it over.',
    permissions: Object.values(WORKSPACE_PERMISSIONS),
  },
  {
    id: 2,
    name: 'admin',
    description: 'Also invites and manages members.',
    permissions: [
      WORKSPACE_PERMISSIONS.update,
      WORKSPACE_PERMISSIONS.invite,
      WORKSPACE_PERMISSIONS.manageMembers,
      WORKSPACE_PERMISSIONS.playlistTracks,
      WORKSPACE_PERMISSIONS.managePlaylists,
    ],
  },
  {
    id: 3,
    name: 'member',
    description: 'Uses what the workspace shares.',
    permissions: [WORKSPACE_PERMISSIONS.playlistTracks] as string[],
  },
] as const;
export type WorkspaceRoleName = (typeof WORKSPACE_ROLES)[number]['name'];

export function workspaceRole(idOrName: number | string) {
  return WORKSPACE_ROLES.find((role) => role.id === idOrName || role.name === idOrName);
}

/** Whether an invitation may give the role: a workspace has one owner, who is never invited. */
export const isInvitableRole = (role: { name: string }) => role.name !== 'owner';

/** The role an invitation gives when it names none. */
export const DEFAULT_INVITE_ROLE = workspaceRole('member')!;

/** A workspace role as `value-lists/workspaceRoles` lists it, for invite and role pickers. */
export const workspaceRoleOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  /** Whether an invitation may give it (see isInvitableRole). */
  invitable: z.boolean(),
  /** The role an invitation gives when it names none. */
  default: z.boolean(),
});
export type WorkspaceRoleOption = z.infer<typeof workspaceRoleOptionSchema>;

/** Invitations last this long (7 days). */
export const INVITE_DAYS = 7;

export const workspaceSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  members_count: z.number(),
  role_id: z.number().optional(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

export const workspaceMemberSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role_id: z.number(),
  role_name: z.string(),
  joined_at: z.string(),
});

export const workspaceInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role_id: z.number(),
  role_name: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
});

export const workspaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner_id: z.number(),
  members_count: z.number(),
  members: z.array(workspaceMemberSchema),
  /** Only those who may invite see the pending invitations. */
  invites: z.array(workspaceInviteSchema),
  currentUser: z.object({
    role_id: z.number(),
    role_name: z.string(),
    permissions: z.array(z.string()),
  }),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceNameSchema = z.object({
  name: displayText(100, {
    required: 'The name field is required.',
    tooLong: 'The name may not be longer than 100 characters.',
  }),
});

/** Invitations are for admins and members: a workspace has one owner. */
const invitedRole = integer({ min: 2, max: 3 });

export const inviteBodySchema = z.object({
  emails: z
    .array(z.string().trim().toLowerCase().pipe(z.email('Enter valid email addresses.')))
    .min(1, 'Enter at least one email address.')
    .max(20, 'Invite at most 20 people at a time.'),
  role_id: invitedRole
    .optional()
    .describe(
      'A role whose `invitable` is true in `GET value-lists/workspaceRoles`; absent, the member role.',
    ),
});

export const changeRoleBodySchema = z.object({ role_id: integer({ min: 1, max: 3 }) });
