import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { prepared } from '../../../db/prepared.js';
import type { Database } from '../../../db/schema.js';
import type { PageWindow } from '../../../db/pagination.js';
import { pageWithTotal } from '../../../db/pagination.js';
import { LISTED_TRACK_OF_TRACKS, visibleCount, type Executor } from './catalogue.repo.js';

/**
 * The catalogue's ranked lists: most played tracks, albums and artists (of everything or of a
 * genre), similar artists, genres by size, and the trending artists of the last fortnight.
 */

export const artistTopTracks = prepared((db, artistId: number, limit: number) =>
  db
    .selectFrom('tracks')
    .innerJoin('track_artists', 'track_artists.track_id', 'tracks.id')
    .select(LISTED_TRACK_OF_TRACKS)
    .where('track_artists.artist_id', '=', artistId)
    .where('tracks.hidden', '=', 0)
    .orderBy('tracks.plays', 'desc')
    .orderBy('tracks.id')
    .limit(limit),
);

/** How many of the most played artists of each of an artist's genres similar artists come from. */
export const SIMILAR_CANDIDATES_PER_GENRE = 50;

/**
 * Artists sharing the most genres with this one, most played first among equals, drawn from
 * the most played artists of each of its genres: a genre's artists are read from the top of
 * the index by genre and plays, not ranked whole (thousands of artists in a large catalogue).
 */
export const similarArtists = prepared((db, artistId: number, limit: number) => {
  // The artist just past a genre's most played, in the index's order: its plays, or its id.
  const pastTheMostPlayed = (column: 'artist_plays' | 'artist_id') =>
    db
      .selectFrom('artist_genres as ranking')
      .select(`ranking.${column}`)
      .where('ranking.genre_id', '=', sql.ref<number>('mine.genre_id'))
      .orderBy('ranking.artist_plays', 'desc')
      .orderBy('ranking.artist_id')
      .limit(1)
      .offset(SIMILAR_CANDIDATES_PER_GENRE);
  const theirs = () =>
    db
      .selectFrom('artist_genres as mine')
      .innerJoin('artist_genres as theirs', 'theirs.genre_id', 'mine.genre_id')
      .select(['theirs.artist_id', 'theirs.artist_plays'])
      .where('mine.artist_id', '=', artistId)
      .where('theirs.artist_id', '!=', artistId);
  // Two ranges of the index, apart so that each is read as a range: the artists played more
  // than the one just past the most played (all of a genre that has fewer), and those tied with
  // it that come before it. Ties cannot widen the read to the whole genre.
  const candidates = theirs()
    .where((eb) =>
      eb('theirs.artist_plays', '>', eb.fn.coalesce(pastTheMostPlayed('artist_plays'), eb.lit(-1))),
    )
    .union(
      theirs()
        .where((eb) => eb('theirs.artist_plays', '=', pastTheMostPlayed('artist_plays')))
        .where((eb) => eb('theirs.artist_id', '<', pastTheMostPlayed('artist_id'))),
    )
    .as('candidates');
  // Ranked on ids and plays alone, so only the artists kept are read whole.
  const ranked = db
    .selectFrom(candidates)
    .select((eb) => [
      'candidates.artist_id as id',
      eb
        .selectFrom('artist_genres as shared')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('shared.artist_id', '=', 'candidates.artist_id')
        .where('shared.genre_id', 'in', (inner) =>
          inner
            .selectFrom('artist_genres as own')
            .select('own.genre_id')
            .where('own.artist_id', '=', artistId),
        )
        .as('shared'),
    ])
    .orderBy('shared', 'desc')
    .orderBy('candidates.artist_plays', 'desc')
    .orderBy('candidates.artist_id')
    .limit(limit)
    .as('ranked');
  return db
    .selectFrom(ranked)
    .innerJoin('artists', 'artists.id', 'ranked.id')
    .selectAll('artists')
    .select('ranked.shared')
    .orderBy('ranked.shared', 'desc')
    .orderBy('artists.plays', 'desc')
    .orderBy('artists.id');
});

/**
 * The last page the ranked lists (top tracks, new and popular albums, a genre's tracks and
 * albums) count to. Their totals stop there, as search's do: nobody pages further, and counting
 * a million tracks for every page of the top 50 would cost more than the page.
 */
export const RANKED_LAST_PAGE = 100;

const rankedCap = (window: PageWindow) => RANKED_LAST_PAGE * window.limit;

/** The listed (not hidden) rows of a whole table, as far as `cap`. */
async function visibleUpTo(db: Executor, table: 'tracks' | 'albums', cap: number) {
  return Math.min(await visibleCount(db, table), cap);
}

export function topTracks(db: Executor, window: PageWindow, genreId?: number) {
  if (genreId) return topTracksOfGenre(db, window, genreId);
  const visible = db.selectFrom('tracks').where('tracks.hidden', '=', 0);
  return pageWithTotal(
    visible,
    window,
    (query) =>
      query
        .select(LISTED_TRACK_OF_TRACKS)
        .orderBy('tracks.plays', 'desc')
        .orderBy('tracks.id', 'desc'),
    () => visibleUpTo(db, 'tracks', rankedCap(window)),
  );
}

const genreTracksPage = prepared((db, genreId: number, limit: number, offset: number) =>
  db
    .selectFrom('track_genres')
    .innerJoin('tracks', 'tracks.id', 'track_genres.track_id')
    .select(LISTED_TRACK_OF_TRACKS)
    .where('track_genres.genre_id', '=', genreId)
    .where('tracks.hidden', '=', 0)
    .orderBy('track_genres.track_plays', 'desc')
    .orderBy('track_genres.track_id', 'desc')
    .limit(limit)
    .offset(offset),
);

/** A genre's tracks, most played first, read in order from the index by genre and plays. */
async function topTracksOfGenre(db: Executor, window: PageWindow, genreId: number) {
  const [visible, rows] = await Promise.all([
    visibleInGenre(db, 'tracks', genreId, window),
    genreTracksPage(db, genreId, window.limit, window.offset),
  ]);
  return { rows, total: Math.min(visible, rankedCap(window)) };
}

const GENRE_LINKS = {
  tracks: { links: 'track_genres', owner: 'track_id' },
  albums: { links: 'album_genres', owner: 'album_id' },
} as const;

const visibleInGenreOf = (table: keyof typeof GENRE_LINKS) => {
  const { links, owner } = GENRE_LINKS[table];
  return prepared((db, genreId: number, cap: number) => ({
    compile: () =>
      sql<{ visible: unknown }>`with hidden as (
          select count(*) as n
          from ${sql.table(table)} t join ${sql.table(links)} g on g.${sql.ref(owner)} = t.id
          where t.hidden = 1 and g.genre_id = ${genreId}
        )
        select (select count(*) from (
            select 1 from ${sql.table(links)} where genre_id = ${genreId}
            limit ${cap} + (select n from hidden)
          ) capped) - (select n from hidden) as visible`.compile(db),
  }));
};

const VISIBLE_IN_GENRE = { tracks: visibleInGenreOf('tracks'), albums: visibleInGenreOf('albums') };

/**
 * How many of a genre's tracks or albums listeners see, counted only as far as the last page
 * the list counts to: the genre's rows, counted from its index alone, less the hidden few. One
 * statement, so PostgreSQL answers it in one round trip.
 */
async function visibleInGenre(
  db: Executor,
  table: keyof typeof GENRE_LINKS,
  genreId: number,
  window: PageWindow,
): Promise<number> {
  const [row] = await VISIBLE_IN_GENRE[table](db, genreId, rankedCap(window));
  return Number(row!.visible);
}

const genrePopularAlbumsPage = prepared((db, genreId: number, limit: number, offset: number) =>
  db
    .selectFrom('album_genres')
    .innerJoin('albums', 'albums.id', 'album_genres.album_id')
    .selectAll('albums')
    .where('album_genres.genre_id', '=', genreId)
    .where('albums.hidden', '=', 0)
    .orderBy('album_genres.album_plays', 'desc')
    .orderBy('album_genres.album_id', 'desc')
    .limit(limit)
    .offset(offset),
);

export async function listAlbums(
  db: Executor,
  order: 'new' | 'popular',
  window: PageWindow,
  genreId?: number,
) {
  const ordered = <Q extends SelectQueryBuilder<Database, 'albums', object>>(query: Q) => {
    const rows = query.selectAll('albums');
    return order === 'new'
      ? rows
          .orderBy(sql`coalesce(albums.year, 0)`, 'desc')
          .orderBy('albums.release_date', 'desc')
          .orderBy('albums.id', 'desc')
      : rows.orderBy('albums.plays', 'desc').orderBy('albums.id', 'desc');
  };
  const albums = db.selectFrom('albums').where('albums.hidden', '=', 0);
  if (!genreId)
    return pageWithTotal(albums, window, ordered, () =>
      visibleUpTo(db, 'albums', rankedCap(window)),
    );

  // A genre's albums: the most played read in order from the index by genre and plays, as its
  // tracks above; the newest sorted.
  const [visible, rows] = await Promise.all([
    visibleInGenre(db, 'albums', genreId, window),
    order === 'popular'
      ? genrePopularAlbumsPage(db, genreId, window.limit, window.offset)
      : ordered(
          albums.where('albums.id', 'in', (eb) =>
            eb.selectFrom('album_genres').select('album_id').where('genre_id', '=', genreId),
          ),
        )
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
  ]);
  return { rows, total: Math.min(visible, rankedCap(window)) };
}

export function popularArtists(db: Executor, window: PageWindow) {
  return pageWithTotal(db.selectFrom('artists'), window, (query) =>
    query.selectAll().orderBy('plays', 'desc').orderBy('id', 'desc'),
  );
}

/** The artists with the most plays in the trending window: the top of its index. */
export async function trendingArtistIds(db: Executor, limit: number) {
  const rows = await db
    .selectFrom('artists')
    .select('id')
    .where('trending_plays', '>', 0)
    .orderBy('trending_plays', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The first day of the plays the artists' trending counts hold (none before the first count). */
export async function trendingWindowStart(db: Executor): Promise<string | undefined> {
  const row = await db.selectFrom('trending_window').select('starts_on').executeTakeFirst();
  return row?.starts_on;
}

/** Every artist's trending count worked out again from the plays since `startsOn` (a UTC day). */
export async function recountTrendingPlays(db: Kysely<Database>, startsOn: string) {
  await db.transaction().execute(async (trx) => {
    await sql`update artists set trending_plays = 0 where trending_plays <> 0`.execute(trx);
    await sql`update artists set trending_plays = counted.plays
      from (
        select track_artists.artist_id, count(*) as plays
        from plays join track_artists on track_artists.track_id = plays.track_id
        where plays.created_at >= ${`${startsOn}T00:00:00.000Z`}
        group by track_artists.artist_id
      ) as counted
      where artists.id = counted.artist_id`.execute(trx);
    await trx.deleteFrom('trending_window').execute();
    await trx.insertInto('trending_window').values({ starts_on: startsOn }).execute();
  });
}

/** Genres with the most tracks first. */
export function listGenres(db: Executor, window: PageWindow) {
  return pageWithTotal(db.selectFrom('genres'), window, (genres) =>
    genres.selectAll().orderBy('tracks_count', 'desc').orderBy('name'),
  );
}

/** Most played artists, then the newest: the fallback when nothing was played lately. */
export async function mostPlayedOrNewestArtistIds(db: Executor, limit: number) {
  const rows = await db
    .selectFrom('artists')
    .select('id')
    .orderBy('plays', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
