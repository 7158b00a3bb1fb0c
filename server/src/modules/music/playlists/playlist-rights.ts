import type { Kysely } from 'kysely';
import { WORKSPACE_PERMISSIONS } from '@cadenza/contracts/workspaces';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import * as repo from './playlists.repo.js';
import type { PlaylistRow } from './playlists.table.js';

/**
 * What a viewer may do with a playlist: see it; add tracks (and remove those they added); change
 * its tracks however they like (remove any, reorder); change the playlist itself.
 */
export interface Rights {
  see: boolean;
  add: boolean;
  tracks: boolean;
  edit: boolean;
}

/**
 * The workspaces a playlist may be shared with: a member's role there says what they may do
 * with its playlists (see WORKSPACE_PERMISSIONS); someone outside it has no role.
 */
export type WorkspaceRoles = {
  roleIn(
    workspaceId: number,
    userId: number,
  ): Promise<{ permissions: readonly string[] } | null | undefined>;
  listFor(userId: number): Promise<{ id: number }[]>;
};

/** Who may see a playlist, change its tracks or change the playlist itself. */
export function createPlaylistRights({
  db,
  workspaces,
}: {
  db: Kysely<Database>;
  workspaces: WorkspaceRoles;
}) {
  /**
   * The owner does everything; the public sees a public playlist; the members of the workspace
   * it is shared with see it and do what their role allows; the followers of a collaborative
   * playlist they see add tracks to it (and remove their own). `roles` keeps the roles looked up
   * for one answer.
   */
  async function rightsOn(
    row: PlaylistRow,
    userId: number | null,
    roles = new Map<number, Promise<readonly string[] | null>>(),
  ): Promise<Rights> {
    if (userId !== null && row.owner_id === userId)
      return { see: true, add: true, tracks: true, edit: true };
    let permissions: readonly string[] | null = null;
    if (userId !== null && row.workspace_id !== null) {
      const workspaceId = row.workspace_id;
      if (!roles.has(workspaceId)) {
        roles.set(
          workspaceId,
          workspaces.roleIn(workspaceId, userId).then((role) => role?.permissions ?? null),
        );
      }
      permissions = await roles.get(workspaceId)!;
    }
    const may = (permission: string) => permissions?.includes(permission) ?? false;
    const see = row.public === 1 || permissions !== null;
    const tracks = see && may(WORKSPACE_PERMISSIONS.playlistTracks);
    const collaborator =
      see &&
      !tracks &&
      userId !== null &&
      row.collaborative === 1 &&
      (await repo.isFollower(db, row.id, userId));
    return {
      see,
      add: tracks || collaborator,
      tracks,
      edit: may(WORKSPACE_PERMISSIONS.managePlaylists),
    };
  }
  const seeable = async (row: PlaylistRow, userId: number | null) =>
    (await rightsOn(row, userId)).see;

  /** The playlist, if this viewer may see it; private playlists of others do not exist for them. */
  async function visible(id: number, userId: number | null): Promise<PlaylistRow> {
    const row = await repo.findPlaylist(db, id);
    if (!row || !(await seeable(row, userId))) throw AppError.notFound('Playlist not found.');
    return row;
  }

  /** The playlist itself (name, description, picture, privacy, deleting): see rightsOn. */
  async function editable(id: number, userId: number): Promise<PlaylistRow> {
    const row = await visible(id, userId);
    if (!(await rightsOn(row, userId)).edit) throw AppError.forbidden();
    return row;
  }

  /** Its tracks (removing any, reordering): see rightsOn. */
  async function trackEditable(id: number, userId: number): Promise<PlaylistRow> {
    const row = await visible(id, userId);
    if (!(await rightsOn(row, userId)).tracks) throw AppError.forbidden();
    return row;
  }

  /** Adding tracks; `tracks` says whether they may also remove others' (see rightsOn). */
  async function fillable(id: number, userId: number): Promise<{ row: PlaylistRow } & Rights> {
    const row = await visible(id, userId);
    const rights = await rightsOn(row, userId);
    if (!rights.add) throw AppError.forbidden();
    return { row, ...rights };
  }

  return { rightsOn, seeable, visible, editable, trackEditable, fillable };
}

export type PlaylistRights = ReturnType<typeof createPlaylistRights>;
