import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AlbumsTable, TracksTable } from '../music/catalogue/catalogue.table.js';

type Executor = Kysely<Database> | Transaction<Database>;

const now = () => new Date().toISOString();

/** The artist a release belongs to: the album's first credited artist. */
export function releaseOwner(db: Executor, albumId: number) {
  return db
    .selectFrom('albums')
    .innerJoin('album_artists', 'album_artists.album_id', 'albums.id')
    .innerJoin('artists', 'artists.id', 'album_artists.artist_id')
    .selectAll('albums')
    .select(['artists.id as artist_id', 'artists.name as artist_name'])
    .where('albums.id', '=', albumId)
    .orderBy('album_artists.position')
    .limit(1)
    .executeTakeFirst();
}

/** An artist's releases, newest first, with their track counts, lengths and plays. */
export function releasesOf(db: Executor, artistId: number) {
  return db
    .selectFrom('albums')
    .innerJoin('album_artists', 'album_artists.album_id', 'albums.id')
    .leftJoin('tracks', 'tracks.album_id', 'albums.id')
    .select([
      'albums.id',
      'albums.name',
      'albums.type',
      'albums.status',
      'albums.release_date',
      'albums.publish_at',
      'albums.image',
      'albums.plays',
      (eb) => eb.fn.count<number>('tracks.id').as('tracks_count'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('tracks.duration_ms'), sql<number>`0`).as('length'),
    ])
    .where('album_artists.artist_id', '=', artistId)
    .where('album_artists.position', '=', 0)
    .groupBy('albums.id')
    .orderBy('albums.created_at', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(200)
    .execute();
}

/** Every track of a release, in order, hidden or not. */
export function releaseTracks(db: Executor, albumId: number) {
  return db
    .selectFrom('tracks')
    .selectAll()
    .where('album_id', '=', albumId)
    .orderBy(sql`coalesce(disc, 1)`)
    .orderBy(sql`coalesce(number, 0)`)
    .orderBy('id')
    .execute();
}

export function albumKeyTaken(db: Executor, key: string, exceptId = 0) {
  return db
    .selectFrom('albums')
    .select('id')
    .where('album_key', '=', key)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

export async function insertRelease(
  db: Executor,
  release: { name: string; key: string; type: string; artistId: number },
): Promise<number> {
  const at = now();
  const { id } = await db
    .insertInto('albums')
    .values({
      name: release.name,
      album_key: release.key,
      type: release.type,
      release_date: null,
      year: null,
      image: null,
      musicbrainz_id: null,
      status: 'draft',
      hidden: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('album_artists')
    .values({ album_id: id, artist_id: release.artistId, position: 0 })
    .execute();
  return id;
}

export async function updateRelease(db: Executor, id: number, changes: Updateable<AlbumsTable>) {
  await db
    .updateTable('albums')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** Changes a release's details only if its status is still `from`; false when it was not. */
export async function changeStatus(
  db: Executor,
  id: number,
  from: string,
  changes: Updateable<AlbumsTable>,
) {
  const result = await db
    .updateTable('albums')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Shows or hides the tracks of a release (its album's own flag is set with its status). */
export async function setReleaseHidden(db: Executor, id: number, hidden: boolean) {
  await db
    .updateTable('tracks')
    .set({ hidden: hidden ? 1 : 0, updated_at: now() })
    .where('album_id', '=', id)
    .execute();
}

export async function insertTrack(
  db: Executor,
  track: Omit<Insertable<TracksTable>, 'created_at' | 'updated_at'>,
): Promise<number> {
  const at = now();
  const { id } = await db
    .insertInto('tracks')
    .values({ ...track, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateTrack(db: Executor, id: number, changes: Updateable<TracksTable>) {
  await db
    .updateTable('tracks')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteTracks(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('tracks').where('id', 'in', ids).execute();
}

export async function deleteAlbum(db: Executor, id: number) {
  await db.deleteFrom('albums').where('id', '=', id).execute();
}

/** How much a user uploaded from the backstage: tracks and their length. */
export async function uploadedBy(db: Executor, userId: number) {
  const row = await db
    .selectFrom('tracks')
    .select([
      (eb) => eb.fn.countAll<number>().as('tracks'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('duration_ms'), sql<number>`0`).as('length'),
    ])
    .where('uploaded_by', '=', userId)
    .executeTakeFirstOrThrow();
  return { tracks: Number(row.tracks), lengthMs: Number(row.length) };
}

/** Scheduled releases whose time has come. */
export function dueReleases(db: Executor, at: string) {
  return db
    .selectFrom('albums')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', at)
    .orderBy('publish_at')
    .limit(100)
    .execute();
}

export async function clearAlbumGenres(db: Executor, albumId: number) {
  await db.deleteFrom('album_genres').where('album_id', '=', albumId).execute();
}
