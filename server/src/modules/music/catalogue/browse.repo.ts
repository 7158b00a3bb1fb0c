import { sql } from 'kysely';
import type { PageWindow } from '../../../db/pagination.js';
import { pageWithTotal } from '../../../db/pagination.js';
import { visibleCount, type Executor } from './catalogue.repo.js';

/**
 * The catalogue walked in the orders music apps browse it (the Subsonic API's album lists,
 * indexes and offline sync): by name, by when added, by year, at random, all of it by id.
 */

export type AlbumOrder =
  'newest' | 'frequent' | 'alphabeticalByName' | 'alphabeticalByArtist' | 'byYear' | 'random';

export interface AlbumFilters {
  genreId?: number | undefined;
  fromYear?: number | undefined;
  toYear?: number | undefined;
}

export function artistsByName(db: Executor, window: PageWindow) {
  return pageWithTotal(db.selectFrom('artists'), window, (query) =>
    query.selectAll().orderBy('name_key').orderBy('id'),
  );
}

export function albumsInOrder(
  db: Executor,
  order: AlbumOrder,
  window: PageWindow,
  { genreId, fromYear, toYear }: AlbumFilters = {},
) {
  let albums = db.selectFrom('albums').where('albums.hidden', '=', 0);
  if (genreId) {
    albums = albums
      .innerJoin('album_genres', 'album_genres.album_id', 'albums.id')
      .where('album_genres.genre_id', '=', genreId);
  }
  if (fromYear !== undefined && toYear !== undefined) {
    albums = albums
      .where('albums.year', '>=', Math.min(fromYear, toYear))
      .where('albums.year', '<=', Math.max(fromYear, toYear));
  }
  const filtered = genreId !== undefined || (fromYear !== undefined && toYear !== undefined);
  return pageWithTotal(
    albums,
    window,
    (query) => {
      const rows = query.selectAll('albums');
      switch (order) {
        case 'newest':
          return rows.orderBy('albums.created_at', 'desc').orderBy('albums.id', 'desc');
        case 'frequent':
          return rows.orderBy('albums.plays', 'desc').orderBy('albums.id', 'desc');
        case 'alphabeticalByName':
          return rows.orderBy('albums.name').orderBy('albums.id');
        case 'alphabeticalByArtist':
          // By the name of the album's first artist.
          return rows
            .orderBy((eb) =>
              eb
                .selectFrom('album_artists')
                .innerJoin('artists', 'artists.id', 'album_artists.artist_id')
                .select('artists.name_key')
                .whereRef('album_artists.album_id', '=', 'albums.id')
                .orderBy('album_artists.position')
                .limit(1),
            )
            .orderBy('albums.name')
            .orderBy('albums.id');
        case 'byYear':
          return fromYear !== undefined && toYear !== undefined && fromYear > toYear
            ? rows.orderBy('albums.year', 'desc').orderBy('albums.id', 'desc')
            : rows.orderBy('albums.year').orderBy('albums.id');
        case 'random':
          return rows.orderBy(sql`random()`);
      }
    },
    filtered ? undefined : () => visibleCount(db, 'albums'),
  );
}

/** Tracks at random, optionally of a genre and between years (of their album). */
export function randomTracks(
  db: Executor,
  limit: number,
  { genreId, fromYear, toYear }: AlbumFilters = {},
) {
  let tracks = db
    .selectFrom('tracks')
    .leftJoin('albums', 'albums.id', 'tracks.album_id')
    .select('tracks.id')
    .where('tracks.hidden', '=', 0);
  if (genreId) {
    tracks = tracks.where((eb) =>
      eb.exists(
        eb
          .selectFrom('track_genres')
          .select('track_genres.track_id')
          .whereRef('track_genres.track_id', '=', 'tracks.id')
          .where('track_genres.genre_id', '=', genreId),
      ),
    );
  }
  if (fromYear !== undefined) tracks = tracks.where('albums.year', '>=', fromYear);
  if (toYear !== undefined) tracks = tracks.where('albums.year', '<=', toYear);
  return tracks
    .orderBy(sql`random()`)
    .limit(limit)
    .execute();
}

/** Every track, a page at a time in a stable order (id): offline sync walks it once. */
export function trackIdsInOrder(db: Executor, window: PageWindow) {
  return pageWithTotal(
    db.selectFrom('tracks').where('hidden', '=', 0),
    window,
    (query) => query.select('id').orderBy('id'),
    () => visibleCount(db, 'tracks'),
  );
}

/** The albums a user played last, most recent first. */
export async function recentlyPlayedAlbumIds(db: Executor, userId: number, window: PageWindow) {
  const rows = await db
    .selectFrom('plays')
    .innerJoin('tracks', 'tracks.id', 'plays.track_id')
    .select('tracks.album_id')
    .select((eb) => eb.fn.max('plays.created_at').as('last_played'))
    .where('plays.user_id', '=', userId)
    .where('tracks.album_id', 'is not', null)
    .groupBy('tracks.album_id')
    .orderBy('last_played', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => row.album_id!);
}

/** Every genre with how many songs and albums it has, by name. */
export function genresWithCounts(db: Executor) {
  return db
    .selectFrom('genres')
    .select('genres.display_name as name')
    .select((eb) => [
      eb
        .selectFrom('track_genres')
        .select(eb.fn.countAll<number>().as('songs'))
        .whereRef('track_genres.genre_id', '=', 'genres.id')
        .as('songs'),
      eb
        .selectFrom('album_genres')
        .select(eb.fn.countAll<number>().as('albums'))
        .whereRef('album_genres.genre_id', '=', 'genres.id')
        .as('albums'),
    ])
    .orderBy('genres.name')
    .execute();
}
