import { sql, type Kysely, type Transaction } from 'kysely';
import { prepared } from '../../../db/prepared.js';
import type { Database } from '../../../db/schema.js';
import type { PageWindow } from '../../../db/pagination.js';
import type { AlbumRow, ArtistRow, GenreRow, TrackRow } from './catalogue.table.js';

/**
 * The catalogue's objects by id and what a page shows of them: an artist's albums, an album's
 * tracks, credits and genres, and the play counters. The ranked lists are in `rankings.repo.ts`.
 */

export type Executor = Kysely<Database> | Transaction<Database>;

/** What a track shows in a list: not its lyrics, nor where its file lies. */
const LISTED_TRACK = [
  'id',
  'name',
  'album_id',
  'number',
  'disc',
  'duration_ms',
  'codec',
  'bitrate',
  'mime',
  'file_size',
  'plays',
  'explicit',
  'track_gain',
  'track_peak',
  'album_gain',
  'album_peak',
  'musicbrainz_id',
  'created_at',
] as const;
/** The same columns, for queries that join tracks to other tables. */
export const LISTED_TRACK_OF_TRACKS = LISTED_TRACK.map((column) => `tracks.${column}` as const);

export type ListedTrackRow = Pick<TrackRow, (typeof LISTED_TRACK)[number]>;

const visibleOf = prepared((db, table: string) =>
  db.selectFrom('catalogue_counts').select('visible').where('name', '=', table),
);

/**
 * How many tracks or albums listeners see, kept in `catalogue_counts` by triggers: counting
 * `hidden = 0` would read every row, on every page that shows the total.
 */
export async function visibleCount(db: Executor, table: 'tracks' | 'albums'): Promise<number> {
  const [row] = await visibleOf(db, table);
  return row?.visible ?? 0;
}

// The pages and the streams read these on every request: each is built once (see `prepared`).
const artistById = prepared((db, id: number) =>
  db.selectFrom('artists').selectAll().where('id', '=', id),
);
const albumById = prepared((db, id: number) =>
  db.selectFrom('albums').selectAll().where('id', '=', id),
);
const trackById = prepared((db, id: number) =>
  db.selectFrom('tracks').selectAll().where('id', '=', id),
);

export async function findArtist(db: Executor, id: number) {
  return (await artistById(db, id))[0];
}

export async function findAlbum(db: Executor, id: number) {
  return (await albumById(db, id))[0];
}

export async function findTrack(db: Executor, id: number) {
  return (await trackById(db, id))[0];
}

export async function artistsByIds(db: Executor, ids: number[]): Promise<ArtistRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('artists').selectAll().where('id', 'in', ids).execute();
}

export async function albumsByIds(db: Executor, ids: number[]): Promise<AlbumRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('albums')
    .selectAll()
    .where('id', 'in', ids)
    .where('hidden', '=', 0)
    .execute();
}

/** What a track shows of its album. */
export async function albumRefsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('albums').select(['id', 'name', 'image']).where('id', 'in', ids).execute();
}

export async function tracksByIds(db: Executor, ids: number[]): Promise<ListedTrackRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('tracks')
    .select(LISTED_TRACK)
    .where('id', 'in', ids)
    .where('hidden', '=', 0)
    .execute();
}

export async function genresByIds(db: Executor, ids: number[]): Promise<GenreRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('genres').selectAll().where('id', 'in', ids).execute();
}

/** Artist refs of tracks, in credit order. */
export async function artistsOfTracks(db: Executor, trackIds: number[]) {
  if (trackIds.length === 0) return [];
  return db
    .selectFrom('track_artists')
    .innerJoin('artists', 'artists.id', 'track_artists.artist_id')
    .select([
      'track_artists.track_id as owner_id',
      'artists.id',
      'artists.name',
      'artists.image_small',
    ])
    .where('track_artists.track_id', 'in', trackIds)
    .orderBy('track_artists.position')
    .execute();
}

export async function artistsOfAlbums(db: Executor, albumIds: number[]) {
  if (albumIds.length === 0) return [];
  return db
    .selectFrom('album_artists')
    .innerJoin('artists', 'artists.id', 'album_artists.artist_id')
    .select([
      'album_artists.album_id as owner_id',
      'artists.id',
      'artists.name',
      'artists.image_small',
    ])
    .where('album_artists.album_id', 'in', albumIds)
    .orderBy('album_artists.position')
    .execute();
}

export async function genresOf(db: Executor, owner: 'track' | 'album' | 'artist', ids: number[]) {
  if (ids.length === 0) return [];
  const table = `${owner}_genres` as 'track_genres';
  const column = `${owner}_id` as 'track_id';
  return db
    .selectFrom(table)
    .innerJoin('genres', 'genres.id', `${table}.genre_id`)
    .select([`${table}.${column} as owner_id` as 'track_genres.track_id as owner_id'])
    .select(['genres.id', 'genres.name', 'genres.display_name'])
    .where(`${table}.${column}` as 'track_genres.track_id', 'in', ids)
    .orderBy('genres.name')
    .execute();
}

function tracksOfAlbum(withHidden: boolean) {
  return prepared((db, albumId: number) => {
    let tracks = db.selectFrom('tracks').select(LISTED_TRACK).where('album_id', '=', albumId);
    if (!withHidden) tracks = tracks.where('hidden', '=', 0);
    return tracks
      .orderBy(sql`coalesce(disc, 1)`)
      .orderBy(sql`coalesce(number, 0)`)
      .orderBy('id');
  });
}
const publicTracksOfAlbum = tracksOfAlbum(false);
const allTracksOfAlbum = tracksOfAlbum(true);

/** An album's tracks in order: its public ones, or (for editors) all of them. */
export async function albumTracks(
  db: Executor,
  albumId: number,
  { withHidden = false } = {},
): Promise<ListedTrackRow[]> {
  return (withHidden ? allTracksOfAlbum : publicTracksOfAlbum)(db, albumId);
}

const creditedAlbums = (db: Kysely<Database>, artistId: number) =>
  db
    .selectFrom('albums')
    .innerJoin('album_artists', 'album_artists.album_id', 'albums.id')
    .where('album_artists.artist_id', '=', artistId)
    .where('albums.hidden', '=', 0);

const artistAlbumsPage = prepared((db, artistId: number, limit: number, offset: number) =>
  creditedAlbums(db, artistId)
    .selectAll('albums')
    .orderBy(sql`coalesce(albums.year, 0)`, 'desc')
    .orderBy('albums.release_date', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(limit)
    .offset(offset),
);

const artistAlbumsCount = prepared((db, artistId: number) =>
  creditedAlbums(db, artistId).select((eb) => eb.fn.countAll<number | string>().as('count')),
);

/** Albums an artist is credited on, newest first. */
export async function artistAlbums(
  db: Executor,
  artistId: number,
  window: PageWindow,
): Promise<{ rows: AlbumRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    artistAlbumsPage(db, artistId, window.limit, window.offset),
    artistAlbumsCount(db, artistId),
  ]);
  return { rows, total: Number(counted!.count) };
}

/** The public albums each artist is credited on, by artist (music apps show the count). */
export async function albumCountsOfArtists(db: Executor, artistIds: number[]) {
  if (artistIds.length === 0) return [];
  return db
    .selectFrom('album_artists')
    .innerJoin('albums', 'albums.id', 'album_artists.album_id')
    .select((eb) => ['album_artists.artist_id', eb.fn.countAll<number | string>().as('albums')])
    .where('album_artists.artist_id', 'in', artistIds)
    .where('albums.hidden', '=', 0)
    .groupBy('album_artists.artist_id')
    .execute();
}

/** The length of each album's public tracks together, in milliseconds, by album. */
export async function durationsOfAlbums(db: Executor, albumIds: number[]) {
  if (albumIds.length === 0) return [];
  return db
    .selectFrom('tracks')
    .select((eb) => ['tracks.album_id', eb.fn.sum<number | string>('tracks.duration_ms').as('ms')])
    .where('tracks.album_id', 'in', albumIds)
    .where('tracks.hidden', '=', 0)
    .groupBy('tracks.album_id')
    .execute();
}

/** The first album (oldest) of each artist, for artist cards. */
export async function firstAlbumOfArtists(db: Executor, artistIds: number[]) {
  if (artistIds.length === 0) return [];
  return db
    .selectFrom('album_artists')
    .innerJoin('albums', 'albums.id', 'album_artists.album_id')
    .select(['album_artists.artist_id', 'albums.id', 'albums.name', 'albums.image'])
    .where('album_artists.artist_id', 'in', artistIds)
    .where('albums.hidden', '=', 0)
    .orderBy(sql`coalesce(albums.year, 9999)`)
    .orderBy('albums.id')
    .execute();
}

export function findGenreByName(db: Executor, name: string) {
  return db.selectFrom('genres').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function incrementPlays(db: Executor, trackId: number): Promise<void> {
  await db
    .updateTable('tracks')
    .set((eb) => ({ plays: eb('plays', '+', 1) }))
    .where('id', '=', trackId)
    .execute();
  const track = await db
    .selectFrom('tracks')
    .select('album_id')
    .where('id', '=', trackId)
    .executeTakeFirst();
  if (track?.album_id)
    await db
      .updateTable('albums')
      .set((eb) => ({ plays: eb('plays', '+', 1) }))
      .where('id', '=', track.album_id)
      .execute();
  // Both counters in one statement: the catalogue's version counts neither (migration 0036).
  await db
    .updateTable('artists')
    .set((eb) => ({ plays: eb('plays', '+', 1), trending_plays: eb('trending_plays', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb.selectFrom('track_artists').select('artist_id').where('track_id', '=', trackId),
    )
    .execute();
}
