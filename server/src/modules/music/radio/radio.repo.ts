import { sql } from 'kysely';
import { isPostgres } from '../../../db/migrations/helpers.js';
import type { Database } from '../../../db/schema.js';
import type { Executor } from '../catalogue/catalogue.repo.js';

/**
 * What co-listening is read from: who played or liked some tracks, what else those listeners
 * played or liked, and the tracks of artists and genres to fill a radio with. Every read is a
 * range of an index (plays by track and by listener, likes by item and by user).
 */

/**
 * The latest signed-in plays of each of `trackIds`, at most `perTrack` of each: one range of
 * plays_insights_idx (track_id, created_at, user_id) read backwards per track, so a hit played by
 * everyone costs what a niche track costs (grouping all of a hit's plays by listener read them all:
 * at a million plays, 13,000 of the busiest track's).
 */
export async function latestPlaysOf(
  db: Executor,
  trackIds: number[],
  perTrack: number,
): Promise<{ track_id: number; user_id: number; created_at: string }[]> {
  if (trackIds.length === 0) return [];
  if (isPostgres<Database>(db)) {
    // One lateral join: PostgreSQL plans a union of many parts in longer than it runs it.
    const { rows } = await sql<{ track_id: number; user_id: number; created_at: string }>`
      select latest.track_id, latest.user_id, latest.created_at
      from unnest(${trackIds}::integer[]) as seed(id)
      cross join lateral (
        select track_id, user_id, created_at from plays
        where track_id = seed.id and user_id is not null
        order by created_at desc limit ${sql.lit(perTrack)}
      ) as latest`.execute(db);
    return rows;
  }
  const [first, ...rest] = trackIds.map((trackId) =>
    db
      .selectFrom(
        db
          .selectFrom('plays')
          .select(['track_id', 'user_id', 'created_at'])
          .where('track_id', '=', trackId)
          .where('user_id', 'is not', null)
          .orderBy('created_at', 'desc')
          .limit(perTrack)
          .as('latest'),
      )
      .selectAll(),
  );
  const rows = await rest.reduce((query, next) => query.unionAll(next), first!).execute();
  return rows.map((row) => ({
    track_id: row.track_id,
    user_id: Number(row.user_id),
    created_at: row.created_at,
  }));
}

/** The users who liked any of `trackIds`. */
export async function likersOf(db: Executor, trackIds: number[], limit: number): Promise<number[]> {
  if (trackIds.length === 0) return [];
  const rows = await db
    .selectFrom('likes')
    .select('user_id')
    .distinct()
    .where('likeable_type', '=', 'track')
    .where('likeable_id', 'in', trackIds)
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.user_id));
}

/** Listeners whose plays one statement reads, a part each: SQLite allows 500 parts in a union. */
const LISTENERS_PER_STATEMENT = 100;

/**
 * Each track among the latest `perListener` plays of each of `userIds`, once per listener who
 * played it. A range of plays_user_latest_idx (user_id, created_at, track_id) per listener: what
 * a listener played lately stands for their taste, and a listener with years of plays costs what
 * a new one costs (reading all their plays took 15,000 index entries for 150 listeners).
 */
export async function playedBy(
  db: Executor,
  userIds: number[],
  perListener: number,
): Promise<{ user_id: number; track_id: number }[]> {
  if (userIds.length === 0) return [];
  // PostgreSQL plans a union of a hundred parts in longer than it runs it (90 ms): one lateral
  // join reads the same ranges. SQLite has no lateral join, and plans each text once.
  if (isPostgres<Database>(db)) {
    const { rows } = await sql<{ user_id: number; track_id: number }>`
      select latest.user_id, latest.track_id
      from unnest(${userIds}::integer[]) as listener(id)
      cross join lateral (
        select user_id, track_id from plays where user_id = listener.id
        order by created_at desc limit ${sql.lit(perListener)}
      ) as latest`.execute(db);
    return distinctPairs([rows]);
  }
  const chunks: number[][] = [];
  for (let i = 0; i < userIds.length; i += LISTENERS_PER_STATEMENT)
    chunks.push(userIds.slice(i, i + LISTENERS_PER_STATEMENT));
  // Written as text: built as a query tree, a hundred parts cost more to compile than to run.
  const results = await Promise.all(
    chunks.map(async (chunk) => {
      const parts = chunk.map(
        (userId) =>
          sql`select * from (select user_id, track_id from plays where user_id = ${userId} order by created_at desc limit ${sql.lit(perListener)}) as latest`,
      );
      const { rows } = await sql<{ user_id: number; track_id: number }>`${sql.join(
        parts,
        sql` union all `,
      )}`.execute(db);
      return rows;
    }),
  );
  return distinctPairs(results);
}

/** Pairs of a listener and a track, each once. */
function distinctPairs(results: { user_id: number; track_id: number }[][]) {
  const tracksOf = new Map<number, Set<number>>();
  const pairs: { user_id: number; track_id: number }[] = [];
  for (const row of results.flat()) {
    const userId = Number(row.user_id);
    let tracks = tracksOf.get(userId);
    if (!tracks) tracksOf.set(userId, (tracks = new Set()));
    if (tracks.has(row.track_id)) continue;
    tracks.add(row.track_id);
    pairs.push({ user_id: userId, track_id: row.track_id });
  }
  return pairs;
}

/** Each track any of `userIds` liked, once per listener who liked it (from the likes' key). */
export async function likedBy(
  db: Executor,
  userIds: number[],
): Promise<{ user_id: number; track_id: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('likes')
    .select(['user_id', 'likeable_id as track_id'])
    .where('user_id', 'in', userIds)
    .where('likeable_type', '=', 'track')
    .execute();
  return rows.map((row) => ({ user_id: Number(row.user_id), track_id: row.track_id }));
}

/** Of `trackIds`, the playable ones (not hidden) with their play counts. */
export async function playableWithPlays(
  db: Executor,
  trackIds: number[],
): Promise<{ id: number; plays: number }[]> {
  if (trackIds.length === 0) return [];
  const rows = await db
    .selectFrom('tracks')
    .select(['id', 'plays'])
    .where('id', 'in', trackIds)
    .where('hidden', '=', 0)
    .execute();
  return rows.map((row) => ({ id: row.id, plays: Number(row.plays) }));
}

/** The credited artists and the genres of some tracks. */
export async function artistsAndGenresOf(db: Executor, trackIds: number[]) {
  if (trackIds.length === 0) return { artistIds: [], genreIds: [] };
  const [artists, genres] = await Promise.all([
    db
      .selectFrom('track_artists')
      .select('artist_id')
      .distinct()
      .where('track_id', 'in', trackIds)
      .execute(),
    db
      .selectFrom('track_genres')
      .select('genre_id')
      .distinct()
      .where('track_id', 'in', trackIds)
      .execute(),
  ]);
  return {
    artistIds: artists.map((row) => row.artist_id),
    genreIds: genres.map((row) => row.genre_id),
  };
}

/** The genres of each of `trackIds` (a track may have several). */
export async function genresOfTracks(
  db: Executor,
  trackIds: number[],
): Promise<{ track_id: number; genre_id: number }[]> {
  if (trackIds.length === 0) return [];
  return db
    .selectFrom('track_genres')
    .select(['track_id', 'genre_id'])
    .where('track_id', 'in', trackIds)
    .execute();
}

/** The most played playable tracks of some artists. */
export async function topTracksOfArtists(
  db: Executor,
  artistIds: number[],
  limit: number,
): Promise<number[]> {
  if (artistIds.length === 0) return [];
  const rows = await db
    .selectFrom('track_artists')
    .innerJoin('tracks', 'tracks.id', 'track_artists.track_id')
    .select('tracks.id')
    .distinct()
    .select('tracks.plays')
    .where('track_artists.artist_id', 'in', artistIds)
    .where('tracks.hidden', '=', 0)
    .orderBy('tracks.plays', 'desc')
    .orderBy('tracks.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The most played playable tracks of some genres, from the index by genre and plays. */
export async function topTracksOfGenres(
  db: Executor,
  genreIds: number[],
  limit: number,
): Promise<number[]> {
  if (genreIds.length === 0) return [];
  const rows = await db
    .selectFrom('track_genres')
    .innerJoin('tracks', 'tracks.id', 'track_genres.track_id')
    .select(['tracks.id', 'track_genres.track_plays'])
    .where('track_genres.genre_id', 'in', genreIds)
    .where('tracks.hidden', '=', 0)
    .orderBy('track_genres.track_plays', 'desc')
    .orderBy('track_genres.track_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The most played playable tracks of all. */
export async function topTracks(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tracks')
    .select('id')
    .where('hidden', '=', 0)
    .orderBy('plays', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The tracks of an album, in order, playable ones only. */
export async function albumTrackIds(db: Executor, albumId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tracks')
    .select('id')
    .where('album_id', '=', albumId)
    .where('hidden', '=', 0)
    .orderBy('disc')
    .orderBy('number')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
