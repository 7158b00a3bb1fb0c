import { PLAYLIST_MOSAIC_TILES, type Playlist, type UserRef } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { UsersService } from '../../users/users.service.js';
import type { Viewer } from '../actor.js';
import { publicUserRef } from '../public-user.js';
import type { PlaylistRights } from './playlist-rights.js';
import * as repo from './playlists.repo.js';
import type { PlaylistRow } from './playlists.table.js';

export function playlistRowToPlaylist(
  row: PlaylistRow,
  owner: UserRef,
  stats: { tracks: number; followers: number; covers: string[] },
): Playlist {
  // Without its own image, a playlist shows a mosaic of its first album covers when there are
  // enough to fill it, else the first cover whole.
  const mosaic = !row.image && stats.covers.length >= PLAYLIST_MOSAIC_TILES ? stats.covers : [];
  return {
    id: row.id,
    name: row.name,
    model_type: 'playlist',
    description: row.description,
    image: row.image ?? stats.covers[0] ?? null,
    mosaic,
    public: row.public === 1,
    collaborative: row.collaborative === 1,
    owner,
    tracks_count: stats.tracks,
    followers_count: stats.followers,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Playlists made into the API's, with their owners, counts, mosaics and the viewer's marks. */
export function createPlaylistPresenter({
  db,
  users,
  rightsOn,
}: {
  db: Kysely<Database>;
  users: UsersService;
  rightsOn: PlaylistRights['rightsOn'];
}) {
  async function owners(ids: number[]): Promise<Map<number, UserRef>> {
    const map = new Map<number, UserRef>();
    const found = new Map((await users.findByIds(ids)).map((row) => [row.id, row]));
    for (const id of new Set(ids)) {
      const user = found.get(id);
      map.set(
        id,
        user
          ? publicUserRef(user)
          : {
              id,
              name: 'Deleted user',
              display_name: 'Deleted user',
              avatar: null,
              model_type: 'user',
            },
      );
    }
    return map;
  }

  /**
   * Playlists as `viewer` sees them. `rights` adds what the viewer may do with each (the
   * playlist's own page and the viewer's lists); pages that list others' playlists (search,
   * channels, profiles) leave them out, so one kept copy of such a page serves every viewer.
   */
  async function present(
    rows: PlaylistRow[],
    viewer: Viewer,
    { rights: withRights = true } = {},
  ): Promise<Playlist[]> {
    const ids = rows.map((r) => r.id);
    const [ownerMap, followers, covers, followed] = await Promise.all([
      owners(rows.map((r) => r.owner_id)),
      repo.followerCounts(db, ids),
      // A playlist with its own image shows no mosaic.
      repo.mosaicCovers(
        db,
        rows.filter((r) => !r.image).map((r) => r.id),
      ),
      viewer.userId ? repo.followedAmong(db, viewer.userId, ids) : Promise.resolve(null),
    ]);
    const roles = new Map<number, Promise<readonly string[] | null>>();
    const rights = withRights
      ? await Promise.all(rows.map((row) => rightsOn(row, viewer.userId, roles)))
      : [];
    return rows.map((row, index) => {
      const playlist = playlistRowToPlaylist(row, ownerMap.get(row.owner_id)!, {
        tracks: row.tracks_count,
        followers: followers.get(row.id) ?? 0,
        covers: covers.get(row.id) ?? [],
      });
      if (viewer.userId) {
        playlist.is_owner = row.owner_id === viewer.userId;
        playlist.is_followed = followed?.has(row.id) ?? false;
        const may = rights[index];
        if (may) {
          playlist.can_edit = may.edit;
          playlist.can_edit_tracks = may.tracks;
          playlist.can_add_tracks = may.add;
          playlist.workspace_id = row.workspace_id;
        }
      }
      return playlist;
    });
  }

  return present;
}
