import { idFrom } from '@cadenza/contracts/http';
import { checkQuota, type Permission } from '@cadenza/contracts/permissions';
import {
  MUSIC_PERMISSIONS,
  type ChannelSort,
  type Playlist,
  type PlaylistInput,
  type Track,
} from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import type { Storage } from '../../../infra/storage.js';
import type { UsersService } from '../../users/users.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { Listener, Viewer } from '../actor.js';
import { storeImage } from '../images.js';
import { publicUserRef } from '../public-user.js';
import { inOrder, pageWindow, paginated, type PageRequest } from '../pagination.js';
import { createPlaylistRights, type WorkspaceRoles } from './playlist-rights.js';
import { createPlaylistPresenter } from './playlists.presenter.js';
import * as repo from './playlists.repo.js';
import type { PlaylistRow } from './playlists.table.js';
import { assertMayListen, SYSTEM_ACTOR } from '../actor.js';

export type PlaylistsService = ReturnType<typeof createPlaylistsService>;

/** Where a playlist's own pictures are stored: `artwork/playlists/<id>/…`. */
const IMAGE_FOLDER = 'artwork/playlists';

export function createPlaylistsService({
  db,
  users,
  catalogue,
  storage,
  workspaces,
}: {
  db: Kysely<Database>;
  users: UsersService;
  catalogue: CatalogueService;
  storage: Storage;
  workspaces: WorkspaceRoles;
}) {
  const { rightsOn, seeable, visible, editable, trackEditable, fillable } = createPlaylistRights({
    db,
    workspaces,
  });
  const present = createPlaylistPresenter({ db, users, rightsOn });

  /** The distinct ids, in the order given, once each is known to be a track. */
  async function validTrackIds(trackIds: number[]): Promise<number[]> {
    const ids = [...new Set(trackIds)];
    const tracks = await catalogue.tracksByIds(ids, { userId: null, actor: SYSTEM_ACTOR });
    if (tracks.length !== ids.length)
      throw AppError.validation({ trackIds: 'One of the tracks does not exist.' });
    return ids;
  }

  /** Each track with who added it to the playlist. */
  async function withAdders(playlistId: number, tracks: Track[]): Promise<Track[]> {
    const adders = await repo.addersOf(
      db,
      playlistId,
      tracks.map((track) => track.id),
    );
    const ids = [...new Set(adders.values())].filter((id): id is number => id !== null);
    const people = new Map((await users.findByIds(ids)).map((user) => [user.id, user]));
    return tracks.map((track) => {
      const person = people.get(adders.get(track.id) ?? 0);
      const ref = person ? publicUserRef(person) : null;
      return { ...track, added_by: ref ? { id: ref.id, display_name: ref.display_name } : null };
    });
  }

  const service = {
    present,

    async create(
      listener: Listener,
      permissions: Permission[],
      input: PlaylistInput,
      /** The active workspace (0: none); a playlist made there is shared with it. */
      workspaceId = 0,
    ): Promise<Playlist> {
      assertMayListen(listener.actor);
      const { userId } = listener;
      const quota = checkQuota(
        permissions,
        MUSIC_PERMISSIONS.playlistsCreate,
        'count',
        await repo.countOwned(db, userId),
      );
      if (quota.noPermission) throw AppError.forbidden();
      if (quota.overQuota) {
        throw AppError.upgradeRequired(
          'You have reached the maximum number of playlists. Upgrade your plan to make more.',
        );
      }
      const row = await repo.insertPlaylist(db, {
        owner_id: userId,
        name: input.name,
        description: input.description ?? null,
        public: input.public ? 1 : 0,
        collaborative: input.collaborative ? 1 : 0,
        workspace_id: workspaceId || null,
      });
      return (await present([row], listener))[0]!;
    },

    async update(id: number, listener: Listener, input: Partial<PlaylistInput>): Promise<Playlist> {
      assertMayListen(listener.actor);
      await editable(id, listener.userId);
      await repo.updatePlaylist(db, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description ?? null } : {}),
        ...(input.public !== undefined ? { public: input.public ? 1 : 0 } : {}),
        ...(input.collaborative !== undefined
          ? { collaborative: input.collaborative ? 1 : 0 }
          : {}),
      });
      return (await present([(await repo.findPlaylist(db, id))!], listener))[0]!;
    },

    /** Refuses anyone who may not change the playlist itself (403), or 404 when they cannot see it. */
    async assertEditable(id: number, userId: number): Promise<void> {
      await editable(id, userId);
    },

    /** A cover picture; the content must decode as an image, whatever its name says. */
    async setImage(id: number, listener: Listener, data: Buffer | null): Promise<Playlist> {
      assertMayListen(listener.actor);
      const row = await editable(id, listener.userId);
      if (data) {
        const urls = await storeImage(storage, `${IMAGE_FOLDER}/${id}`, { data }, { large: 600 });
        if (!urls) throw AppError.validation({ file: 'The file is not an image.' });
        await repo.updatePlaylist(db, id, { image: urls.large });
      } else {
        await repo.updatePlaylist(db, id, { image: null });
      }
      const key = row.image ? storage.keyOf(row.image) : undefined;
      if (key && row.image !== (await repo.findPlaylist(db, id))?.image)
        await storage.delete(key).catch(() => undefined);
      return (await present([(await repo.findPlaylist(db, id))!], listener))[0]!;
    },

    async remove(id: number, listener: Listener): Promise<void> {
      assertMayListen(listener.actor);
      await editable(id, listener.userId);
      await repo.deletePlaylist(db, id);
      await storage.deleteFolder(`${IMAGE_FOLDER}/${id}`).catch(() => undefined);
    },

    /** A playlist everyone may see (a channel can show it), or undefined. */
    async publicRow(id: number): Promise<PlaylistRow | undefined> {
      const row = await repo.findPlaylist(db, id);
      return row && row.public === 1 ? row : undefined;
    },

    /** A playlist; a public one as guests see it is kept until the catalogue changes. */
    async get(id: number, viewer: Viewer): Promise<Playlist> {
      assertMayListen(viewer.actor);
      return catalogue.cache.guestOnly(`playlist:${id}`, viewer, async (viewer) => {
        const row = await visible(id, viewer.userId);
        return (await present([row], viewer))[0]!;
      });
    },

    async tracks(id: number, viewer: Viewer, page: PageRequest, sort: ChannelSort = 'curated') {
      assertMayListen(viewer.actor);
      const key = `playlist-tracks:${id}:${page.page}:${page.perPage}:${sort}`;
      return catalogue.cache.guestOnly(key, viewer, async (viewer) => {
        const playlist = await visible(id, viewer.userId);
        const ids = await repo.trackIdsPage(db, id, pageWindow(page), sort);
        const tracks = await catalogue.tracksByIds(ids, viewer);
        const shown = playlist.collaborative === 1 ? await withAdders(id, tracks) : tracks;
        return paginated(shown, playlist.tracks_count, page);
      });
    },

    async addTracks(id: number, listener: Listener, trackIds: number[]): Promise<Playlist> {
      assertMayListen(listener.actor);
      const { userId } = listener;
      await fillable(id, userId);
      const ids = await validTrackIds(trackIds);
      await db.transaction().execute(async (trx) => {
        // Touched first: its row lock makes a concurrent add wait for this one, then read what it
        // added, rather than insert the same track or position again.
        await repo.touchPlaylist(trx, id);
        await repo.appendTracks(trx, id, ids, userId);
      });
      return service.get(id, listener);
    },

    /** Those who may only add (a collaborative playlist's followers) remove what they added. */
    async removeTracks(id: number, listener: Listener, trackIds: number[]): Promise<Playlist> {
      assertMayListen(listener.actor);
      const { userId } = listener;
      const rights = await fillable(id, userId);
      if (!rights.tracks) {
        const adders = await repo.addersOf(db, id, trackIds);
        if ([...adders.values()].some((adder) => adder !== userId))
          throw AppError.forbidden('You can only remove the tracks you added.');
      }
      await db.transaction().execute(async (trx) => {
        await repo.removeTracks(trx, id, trackIds);
        await repo.touchPlaylist(trx, id);
      });
      return service.get(id, listener);
    },

    async reorder(id: number, listener: Listener, trackIds: number[]): Promise<void> {
      assertMayListen(listener.actor);
      await trackEditable(id, listener.userId);
      await db.transaction().execute((trx) => repo.reorderTracks(trx, id, trackIds));
    },

    async follow(id: number, listener: Listener): Promise<void> {
      assertMayListen(listener.actor);
      const { userId } = listener;
      const row = await visible(id, userId);
      if (row.owner_id === userId)
        throw AppError.validation({ playlist: 'You cannot follow your own playlist.' });
      await repo.follow(db, id, userId);
    },

    async unfollow(id: number, listener: Listener): Promise<void> {
      assertMayListen(listener.actor);
      await repo.unfollow(db, id, listener.userId);
    },

    async ofUser(userId: number, viewer: Viewer, page: PageRequest) {
      assertMayListen(viewer.actor);
      const { rows, total } = await repo.userPlaylistsPage(
        db,
        userId,
        pageWindow(page),
        viewer.userId !== userId,
      );
      return paginated(await present(rows, viewer), total, page);
    },

    /**
     * Every playlist a listener has outside any one workspace's view: their own, those they
     * follow, and those shared with the workspaces they belong to (for music apps, which have
     * no workspace to switch to).
     */
    async allOf(listener: Listener, page: PageRequest) {
      assertMayListen(listener.actor);
      const workspaceIds = (await workspaces.listFor(listener.userId))
        .map((workspace) => workspace.id)
        .filter((id) => id !== 0);
      const { rows, total } = await repo.userPlaylistsPage(
        db,
        listener.userId,
        pageWindow(page),
        false,
        workspaceIds,
      );
      return paginated(await present(rows, listener), total, page);
    },

    /** The playlists shared with a workspace (the caller's membership is checked by the request). */
    async ofWorkspace(workspaceId: number, viewer: Viewer, page: PageRequest) {
      assertMayListen(viewer.actor);
      const { rows, total } = await repo.workspacePlaylistsPage(db, workspaceId, pageWindow(page));
      return paginated(await present(rows, viewer), total, page);
    },

    /** Playlists by id in that order, leaving out those the viewer may not see. */
    async byIds(ids: number[], viewer: Viewer): Promise<Playlist[]> {
      assertMayListen(viewer.actor);
      const rows = inOrder(ids, await repo.playlistsByIds(db, ids));
      const seen = await Promise.all(rows.map((row) => seeable(row, viewer.userId)));
      return present(
        rows.filter((_, index) => seen[index]),
        viewer,
        { rights: false },
      );
    },

    async isVisible(id: number, userId: number | null): Promise<boolean> {
      const row = await repo.findPlaylist(db, id);
      return !!row && (await seeable(row, userId));
    },

    /** A playlist's pictures are seen by those who may see the playlist. */
    imageGuard: {
      prefix: `${IMAGE_FOLDER}/`,
      async allows(key: string, userId: number | null): Promise<boolean> {
        const id = idFrom(/^[^/]+\/[^/]+\/(\d+)\//.exec(key)?.[1] ?? '');
        const row = id ? await repo.findPlaylist(db, id) : undefined;
        return !!row && (await seeable(row, userId));
      },
    },

    async popular(page: PageRequest, viewer: Viewer) {
      assertMayListen(viewer.actor);
      const { rows, total } = await repo.popularPublic(db, pageWindow(page));
      return paginated(await present(rows, viewer), total, page);
    },

    // -- for the demo seed and importers, acting as the system rather than a visitor

    async createPlaylist(input: {
      ownerId: number;
      name: string;
      description?: string | null;
      public?: boolean;
      collaborative?: boolean;
      trackIds?: number[];
    }): Promise<{ id: number }> {
      const row = await db.transaction().execute(async (trx) => {
        const created = await repo.insertPlaylist(trx, {
          owner_id: input.ownerId,
          name: input.name,
          description: input.description ?? null,
          public: input.public === false ? 0 : 1,
          collaborative: input.collaborative ? 1 : 0,
        });
        if (input.trackIds?.length)
          await repo.appendTracks(trx, created.id, input.trackIds, input.ownerId);
        return created;
      });
      return { id: row.id };
    },

    async addToPlaylist(playlistId: number, trackIds: number[]): Promise<void> {
      if (trackIds.length === 0) return;
      await db.transaction().execute(async (trx) => {
        // Touched first, as in `addTracks`: concurrent adds take turns.
        await repo.touchPlaylist(trx, playlistId);
        await repo.appendTracks(trx, playlistId, trackIds, null);
      });
    },
  };
  return service;
}
