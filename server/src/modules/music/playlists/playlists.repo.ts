import { PLAYLIST_MOSAIC_TILES, type ChannelSort } from '@cadenza/contracts/music';
import { sql } from 'kysely';
import type { Executor } from '../catalogue/catalogue.repo.js';
import type { PageWindow } from '../../../db/pagination.js';
import { pageWithTotal } from '../../../db/pagination.js';
import type { PlaylistRow } from './playlists.table.js';

const now = () => new Date().toISOString();

export function findPlaylist(db: Executor, id: number): Promise<PlaylistRow | undefined> {
  return db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function playlistsByIds(db: Executor, ids: number[]): Promise<PlaylistRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('playlists').selectAll().where('id', 'in', ids).execute();
}

export async function insertPlaylist(
  db: Executor,
  values: Pick<PlaylistRow, 'owner_id' | 'name' | 'description' | 'public' | 'collaborative'> & {
    image?: string | null;
    workspace_id?: number | null;
  },
): Promise<PlaylistRow> {
  const at = now();
  return db
    .insertInto('playlists')
    .values({ ...values, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePlaylist(
  db: Executor,
  id: number,
  changes: Partial<
    Pick<PlaylistRow, 'name' | 'description' | 'public' | 'collaborative' | 'image'>
  >,
): Promise<void> {
  await db
    .updateTable('playlists')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

export async function touchPlaylist(db: Executor, id: number): Promise<void> {
  await db.updateTable('playlists').set({ updated_at: now() }).where('id', '=', id).execute();
}

export async function deletePlaylist(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('playlists').where('id', '=', id).execute();
}

export async function countOwned(db: Executor, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('playlists')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Appends tracks not yet in the playlist, in the order given. Returns how many were added. */
export async function appendTracks(
  db: Executor,
  playlistId: number,
  trackIds: number[],
  addedBy: number | null,
): Promise<number> {
  const present = await db
    .selectFrom('playlist_tracks')
    .select('track_id')
    .where('playlist_id', '=', playlistId)
    .where('track_id', 'in', trackIds)
    .execute();
  const skip = new Set(present.map((r) => r.track_id));
  const fresh = [...new Set(trackIds)].filter((id) => !skip.has(id));
  if (fresh.length === 0) return 0;
  const last = await db
    .selectFrom('playlist_tracks')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('playlist_id', '=', playlistId)
    .executeTakeFirst();
  const start =
    last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  const at = now();
  await db
    .insertInto('playlist_tracks')
    .values(
      fresh.map((track_id, index) => ({
        playlist_id: playlistId,
        track_id,
        position: start + index,
        added_by: addedBy,
        created_at: at,
      })),
    )
    .execute();
  return fresh.length;
}

export async function removeTracks(db: Executor, playlistId: number, trackIds: number[]) {
  await db
    .deleteFrom('playlist_tracks')
    .where('playlist_id', '=', playlistId)
    .where('track_id', 'in', trackIds)
    .execute();
}

/** Puts the given tracks first, in that order; the others keep their order after them. */
export async function reorderTracks(db: Executor, playlistId: number, trackIds: number[]) {
  const rows = await db
    .selectFrom('playlist_tracks')
    .select('track_id')
    .where('playlist_id', '=', playlistId)
    .orderBy('position')
    .execute();
  const given = [...new Set(trackIds)].filter((id) => rows.some((r) => r.track_id === id));
  const rest = rows.map((r) => r.track_id).filter((id) => !given.includes(id));
  for (const [position, trackId] of [...given, ...rest].entries()) {
    await db
      .updateTable('playlist_tracks')
      .set({ position })
      .where('playlist_id', '=', playlistId)
      .where('track_id', '=', trackId)
      .execute();
  }
}

/**
 * A page of a playlist's tracks: in the playlist's order, or by plays, by when they were added,
 * or by their album's release (tracks without one last), the playlist's order breaking ties.
 * Their total is the playlist's `tracks_count`.
 */
export async function trackIdsPage(
  db: Executor,
  playlistId: number,
  window: PageWindow,
  sort: ChannelSort = 'curated',
) {
  const picked = db
    .selectFrom('playlist_tracks')
    .where('playlist_id', '=', playlistId)
    .select('playlist_tracks.track_id');
  const inOrder = () => {
    switch (sort) {
      case 'curated':
        return picked.orderBy('playlist_tracks.position');
      case 'recent':
        return picked
          .orderBy('playlist_tracks.created_at', 'desc')
          .orderBy('playlist_tracks.position');
      case 'popular':
        return picked
          .innerJoin('tracks', 'tracks.id', 'playlist_tracks.track_id')
          .orderBy('tracks.plays', 'desc')
          .orderBy('playlist_tracks.position');
      case 'release': {
        const release = sql`coalesce(albums.release_date, cast(albums.year as varchar(4)))`;
        return picked
          .innerJoin('tracks', 'tracks.id', 'playlist_tracks.track_id')
          .leftJoin('albums', 'albums.id', 'tracks.album_id')
          .orderBy(sql`case when ${release} is null then 1 else 0 end`)
          .orderBy(release, 'desc')
          .orderBy('playlist_tracks.position');
      }
    }
  };
  const rows = await inOrder().limit(window.limit).offset(window.offset).execute();
  return rows.map((r) => r.track_id);
}

/** How many follow each of the playlists, by playlist (those none follow are left out). */
export async function followerCounts(db: Executor, ids: number[]): Promise<Map<number, number>> {
  const followers = new Map<number, number>();
  if (ids.length === 0) return followers;
  const rows = await db
    .selectFrom('playlist_followers')
    .select(['playlist_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('playlist_id', 'in', ids)
    .groupBy('playlist_id')
    .execute();
  for (const r of rows) followers.set(r.playlist_id, Number(r.count));
  return followers;
}

/** How far into a playlist its mosaic's covers are looked for. */
const MOSAIC_ENTRIES = 50;

/**
 * The covers that stand in for playlists without an image of their own: those of the first
 * albums heard, in playlist order, each album once at the position of its first track. Only a
 * playlist's first entries are read, so a playlist of thousands costs what a short one does.
 */
export async function mosaicCovers(db: Executor, ids: number[]): Promise<Map<number, string[]>> {
  const covers = new Map<number, string[]>();
  if (ids.length === 0) return covers;
  const [first, ...others] = ids.map((id) =>
    db
      .selectFrom((qb) =>
        qb
          .selectFrom('playlist_tracks')
          .select(['playlist_id', 'track_id', 'position'])
          .where('playlist_id', '=', id)
          .orderBy('position')
          .limit(MOSAIC_ENTRIES)
          .as('entries'),
      )
      .selectAll(),
  );
  const rows = await db
    .with('first_entries', () => others.reduce((all, each) => all.unionAll(each), first!))
    .with('album_entries', (qb) =>
      qb
        .selectFrom('first_entries as pt')
        .innerJoin('tracks', 'tracks.id', 'pt.track_id')
        .innerJoin('albums', 'albums.id', 'tracks.album_id')
        .select(['pt.playlist_id', 'albums.image', (eb) => eb.fn.min('pt.position').as('position')])
        .where('albums.image', 'is not', null)
        .groupBy(['pt.playlist_id', 'albums.id', 'albums.image']),
    )
    .with('ranked', (qb) =>
      qb.selectFrom('album_entries').select([
        'playlist_id',
        'image',
        (eb) =>
          eb.fn
            .agg<number>('row_number')
            .over((over) => over.partitionBy('playlist_id').orderBy('position'))
            .as('rank'),
      ]),
    )
    .selectFrom('ranked')
    .select(['playlist_id', 'image'])
    .where('rank', '<=', PLAYLIST_MOSAIC_TILES)
    .orderBy('playlist_id')
    .orderBy('rank')
    .execute();
  for (const r of rows) {
    if (!r.image) continue;
    const list = covers.get(r.playlist_id) ?? [];
    list.push(r.image);
    covers.set(r.playlist_id, list);
  }
  return covers;
}

export async function followedAmong(db: Executor, userId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('playlist_followers')
    .select('playlist_id')
    .where('user_id', '=', userId)
    .where('playlist_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.playlist_id));
}

export async function isFollower(db: Executor, playlistId: number, userId: number) {
  const row = await db
    .selectFrom('playlist_followers')
    .select('user_id')
    .where('playlist_id', '=', playlistId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Who added each of these tracks to the playlist (null: its importer or the system). */
export async function addersOf(
  db: Executor,
  playlistId: number,
  trackIds: number[],
): Promise<Map<number, number | null>> {
  if (trackIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('playlist_tracks')
    .select(['track_id', 'added_by'])
    .where('playlist_id', '=', playlistId)
    .where('track_id', 'in', trackIds)
    .execute();
  return new Map(rows.map((row) => [row.track_id, row.added_by]));
}

export async function follow(db: Executor, playlistId: number, userId: number) {
  await db
    .insertInto('playlist_followers')
    .values({ playlist_id: playlistId, user_id: userId, created_at: now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unfollow(db: Executor, playlistId: number, userId: number) {
  await db
    .deleteFrom('playlist_followers')
    .where('playlist_id', '=', playlistId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * A user's own playlists and those they follow, and those shared with `workspaceIds`, most
 * recently changed first.
 */
export function userPlaylistsPage(
  db: Executor,
  userId: number,
  window: PageWindow,
  onlyPublic: boolean,
  workspaceIds: number[] = [],
) {
  let playlists = db
    .selectFrom('playlists')
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', userId),
        eb(
          'id',
          'in',
          eb.selectFrom('playlist_followers').select('playlist_id').where('user_id', '=', userId),
        ),
        ...(workspaceIds.length ? [eb('workspace_id', 'in', workspaceIds)] : []),
      ]),
    );
  if (onlyPublic) playlists = playlists.where('public', '=', 1);
  return pageWithTotal(playlists, window, (query) =>
    query.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'),
  );
}

/** The playlists shared with a workspace, most recently changed first. */
export function workspacePlaylistsPage(db: Executor, workspaceId: number, window: PageWindow) {
  const playlists = db.selectFrom('playlists').where('workspace_id', '=', workspaceId);
  return pageWithTotal(playlists, window, (query) =>
    query.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'),
  );
}

export function popularPublic(db: Executor, window: PageWindow) {
  const playlists = db.selectFrom('playlists').where('public', '=', 1);
  return pageWithTotal(playlists, window, (query) =>
    query.selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc'),
  );
}
