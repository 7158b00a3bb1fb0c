/** Writes of the library import and the demo seed: find-or-create by natural keys. */
import type { Executor } from './catalogue.repo.js';
import type { AlbumRow, ArtistRow, TrackRow } from './catalogue.table.js';

const now = () => new Date().toISOString();
const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The id of the artist with this key, created when missing (safe against concurrent imports). */
export async function ensureArtist(
  db: Executor,
  artist: { name: string; key: string; musicbrainzId?: string | null },
): Promise<number> {
  const existing = await db
    .selectFrom('artists')
    .select('id')
    .where('name_key', '=', artist.key)
    .executeTakeFirst();
  if (existing) return existing.id;
  const at = now();
  await db
    .insertInto('artists')
    .values({
      name: artist.name,
      name_key: artist.key,
      musicbrainz_id: artist.musicbrainzId ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('name_key').doNothing())
    .execute();
  const row = await db
    .selectFrom('artists')
    .select('id')
    .where('name_key', '=', artist.key)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function ensureAlbum(
  db: Executor,
  album: {
    name: string;
    key: string;
    type: string;
    releaseDate: string | null;
    year: number | null;
    musicbrainzId: string | null;
  },
): Promise<AlbumRow & { created?: true }> {
  const find = () =>
    db.selectFrom('albums').selectAll().where('album_key', '=', album.key).executeTakeFirst();
  const existing = await find();
  if (existing) {
    // Tags of later files fill what the first file lacked.
    const changes: Partial<AlbumRow> = {};
    if (!existing.release_date && album.releaseDate) changes.release_date = album.releaseDate;
    if (!existing.year && album.year) changes.year = album.year;
    if (!existing.musicbrainz_id && album.musicbrainzId)
      changes.musicbrainz_id = album.musicbrainzId;
    if (Object.keys(changes).length > 0) {
      await db
        .updateTable('albums')
        .set({ ...changes, updated_at: now() })
        .where('id', '=', existing.id)
        .execute();
      return { ...existing, ...changes };
    }
    return existing;
  }
  const at = now();
  await db
    .insertInto('albums')
    .values({
      name: album.name,
      album_key: album.key,
      type: album.type,
      release_date: album.releaseDate,
      year: album.year,
      musicbrainz_id: album.musicbrainzId,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('album_key').doNothing())
    .execute();
  return { ...(await find())!, created: true };
}

/** Credits artists on an album; credits from earlier files stay (imports may run in parallel). */
export async function addAlbumArtists(
  db: Executor,
  albumId: number,
  artistIds: number[],
): Promise<void> {
  if (artistIds.length === 0) return;
  await db
    .insertInto('album_artists')
    .values(artistIds.map((artist_id, position) => ({ album_id: albumId, artist_id, position })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function setAlbumImage(db: Executor, albumId: number, image: string): Promise<void> {
  await db
    .updateTable('albums')
    .set({ image, updated_at: now() })
    .where('id', '=', albumId)
    .execute();
}

export async function ensureGenre(db: Executor, name: string, displayName: string) {
  const find = () =>
    db.selectFrom('genres').select('id').where('name', '=', name).executeTakeFirst();
  const existing = await find();
  if (existing) return existing.id;
  const at = now();
  await db
    .insertInto('genres')
    .values({ name, display_name: displayName, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await find())!.id;
}

export async function linkGenres(
  db: Executor,
  owner: 'track' | 'album' | 'artist',
  ownerId: number,
  genreIds: number[],
): Promise<void> {
  if (genreIds.length === 0) return;
  const rows = genreIds.map((genre_id) => ({ [`${owner}_id`]: ownerId, genre_id }));
  // The owner column differs per table; the values are plain ids.
  await db
    .insertInto(`${owner}_genres` as 'track_genres')
    .values(rows as { track_id: number; genre_id: number }[])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function findTrackByPath(db: Executor, audioPath: string) {
  return db.selectFrom('tracks').selectAll().where('audio_path', '=', audioPath).executeTakeFirst();
}

// Explicit is an admin's mark, not the file's: a re-import keeps it.
export type TrackValues = Omit<
  TrackRow,
  | 'id'
  | 'plays'
  | 'explicit'
  | 'hidden'
  | 'isrc'
  | 'downloadable'
  | 'loudness_lufs'
  | 'true_peak_db'
  | 'peaks'
  | 'uploaded_by'
  | 'created_at'
  | 'updated_at'
>;

export async function insertTrack(db: Executor, values: TrackValues): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('tracks')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTrack(db: Executor, id: number, values: TrackValues): Promise<void> {
  await db
    .updateTable('tracks')
    .set({ ...values, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

export async function setTrackArtists(db: Executor, trackId: number, artistIds: number[]) {
  await db.deleteFrom('track_artists').where('track_id', '=', trackId).execute();
  await addTrackArtists(db, trackId, artistIds);
}

/** Credits artists on a track that has none yet. */
export async function addTrackArtists(db: Executor, trackId: number, artistIds: number[]) {
  if (artistIds.length === 0) return;
  await db
    .insertInto('track_artists')
    .values(artistIds.map((artist_id, position) => ({ track_id: trackId, artist_id, position })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function setAlbumArtists(db: Executor, albumId: number, artistIds: number[]) {
  await db.deleteFrom('album_artists').where('album_id', '=', albumId).execute();
  await addAlbumArtists(db, albumId, artistIds);
}

export async function clearTrackGenres(db: Executor, trackId: number): Promise<void> {
  await db.deleteFrom('track_genres').where('track_id', '=', trackId).execute();
}

export async function clearArtistGenres(db: Executor, artistId: number): Promise<void> {
  await db.deleteFrom('artist_genres').where('artist_id', '=', artistId).execute();
}

/** Deletes the tracks of these files, then albums left without tracks. Returns tracks removed. */
export async function deleteTracksByPaths(db: Executor, paths: string[]): Promise<number> {
  let removed = 0;
  const albumIds = new Set<number>();
  for (const part of chunks(paths)) {
    const rows = await db
      .selectFrom('tracks')
      .select(['id', 'album_id'])
      .where('audio_path', 'in', part)
      .execute();
    if (rows.length === 0) continue;
    for (const row of rows) if (row.album_id) albumIds.add(row.album_id);
    const ids = rows.map((r) => r.id);
    // Likes, ratings and hand-picked channel items point at tracks without a foreign key.
    await db
      .deleteFrom('likes')
      .where('likeable_type', '=', 'track')
      .where('likeable_id', 'in', ids)
      .execute();
    await db
      .deleteFrom('ratings')
      .where('rateable_type', '=', 'track')
      .where('rateable_id', 'in', ids)
      .execute();
    await db
      .deleteFrom('channel_items')
      .where('item_type', '=', 'track')
      .where('item_id', 'in', ids)
      .execute();
    await db.deleteFrom('tracks').where('id', 'in', ids).execute();
    removed += rows.length;
  }
  for (const part of chunks([...albumIds])) {
    const empty = await db
      .selectFrom('albums')
      .select('id')
      .where('id', 'in', part)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('tracks').select('id').whereRef('tracks.album_id', '=', 'albums.id')),
        ),
      )
      .execute();
    const ids = empty.map((r) => r.id);
    if (ids.length === 0) continue;
    await db
      .deleteFrom('likes')
      .where('likeable_type', '=', 'album')
      .where('likeable_id', 'in', ids)
      .execute();
    await db
      .deleteFrom('ratings')
      .where('rateable_type', '=', 'album')
      .where('rateable_id', 'in', ids)
      .execute();
    await db
      .deleteFrom('channel_items')
      .where('item_type', '=', 'album')
      .where('item_id', 'in', ids)
      .execute();
    await db.deleteFrom('albums').where('id', 'in', ids).execute();
  }
  return removed;
}

export async function updateArtist(
  db: Executor,
  id: number,
  changes: Partial<
    Pick<
      ArtistRow,
      | 'name'
      | 'name_key'
      | 'bio'
      | 'image_small'
      | 'image_large'
      | 'verified'
      | 'links'
      | 'header_image'
      | 'location'
    >
  >,
): Promise<void> {
  await db
    .updateTable('artists')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

export async function updateAlbum(
  db: Executor,
  id: number,
  changes: Partial<Pick<AlbumRow, 'name' | 'type' | 'release_date' | 'year'>>,
): Promise<void> {
  await db
    .updateTable('albums')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

export async function updateTrackDetails(
  db: Executor,
  id: number,
  changes: Partial<
    Pick<
      TrackRow,
      'name' | 'number' | 'disc' | 'lyrics' | 'synced_lyrics' | 'explicit' | 'album_id'
    >
  >,
): Promise<void> {
  await db
    .updateTable('tracks')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}
