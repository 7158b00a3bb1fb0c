import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dayOf, LISTENER } from '../../db/play-sql.js';

type Db = Kysely<Database>;

/** What the figures are of: an artist's tracks, an album's, or one track. */
export type InsightsScope =
  { kind: 'artist'; id: number } | { kind: 'album'; id: number } | { kind: 'track'; id: number };

export interface Range {
  /** Inclusive, ISO 8601. */
  from: string;
  /** Exclusive, ISO 8601. */
  to: string;
}

/** The scope's track ids, as a subquery the plays index answers track by track. */
function tracksOf(db: Db, scope: InsightsScope) {
  switch (scope.kind) {
    case 'artist':
      return db
        .selectFrom('track_artists')
        .select('track_artists.track_id as id')
        .where('track_artists.artist_id', '=', scope.id);
    case 'album':
      return db.selectFrom('tracks').select('tracks.id').where('tracks.album_id', '=', scope.id);
    case 'track':
      return db.selectFrom('tracks').select('tracks.id').where('tracks.id', '=', scope.id);
  }
}

function playsOf(db: Db, scope: InsightsScope, { from, to }: Range) {
  return db
    .selectFrom('plays')
    .where('plays.track_id', 'in', tracksOf(db, scope))
    .where('plays.created_at', '>=', from)
    .where('plays.created_at', '<', to);
}

const count = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

export async function playTotals(db: Db, scope: InsightsScope, range: Range) {
  const row = await playsOf(db, scope, range)
    .select([
      (eb) => eb.fn.countAll<number>().as('plays'),
      sql<number>`count(distinct ${LISTENER})`.as('listeners'),
    ])
    .executeTakeFirstOrThrow();
  return { plays: count(row.plays), listeners: count(row.listeners) };
}

export async function playsByDay(db: Db, scope: InsightsScope, range: Range) {
  const day = dayOf(db, 'plays.created_at');
  const rows = await playsOf(db, scope, range)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('plays')])
    .groupBy(day)
    .orderBy(day)
    .execute();
  return rows.map((row) => ({ date: row.day, plays: count(row.plays) }));
}

/** The most frequent values of one column of the plays (countries, cities, devices…). */
export async function topValues(
  db: Db,
  scope: InsightsScope,
  range: Range,
  column: 'country' | 'city' | 'device' | 'browser' | 'platform',
  limit = 10,
) {
  const ref = sql.ref(`plays.${column}`);
  const rows = await playsOf(db, scope, range)
    .select([sql<string>`${ref}`.as('name'), (eb) => eb.fn.countAll<number>().as('count')])
    .where(sql<SqlBool>`${ref} is not null`)
    .groupBy(ref)
    .orderBy('count', 'desc')
    .orderBy(ref)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ name: row.name, count: count(row.count) }));
}

export async function topTracks(db: Db, scope: InsightsScope, range: Range, limit = 10) {
  const rows = await playsOf(db, scope, range)
    .innerJoin('tracks', 'tracks.id', 'plays.track_id')
    .select([
      'tracks.id',
      'tracks.name',
      (eb) => eb.fn.countAll<number>().as('plays'),
      sql<number>`count(distinct ${LISTENER})`.as('listeners'),
    ])
    .groupBy(['tracks.id', 'tracks.name'])
    .orderBy('plays', 'desc')
    .orderBy('tracks.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    plays: count(row.plays),
    listeners: count(row.listeners),
  }));
}

/** Likes in the range of the scope's tracks, and of the album or artist itself. */
export async function saves(db: Db, scope: InsightsScope, { from, to }: Range) {
  const row = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('likes.created_at', '>=', from)
    .where('likes.created_at', '<', to)
    .where((eb) => {
      const ofTracks: Expression<SqlBool> = eb.and([
        eb('likes.likeable_type', '=', 'track'),
        eb('likes.likeable_id', 'in', tracksOf(db, scope)),
      ]);
      return scope.kind === 'track'
        ? ofTracks
        : eb.or([
            ofTracks,
            eb.and([
              eb('likes.likeable_type', '=', scope.kind),
              eb('likes.likeable_id', '=', scope.id),
            ]),
          ]);
    })
    .executeTakeFirstOrThrow();
  return count(row.count);
}

export async function playlistAdds(db: Db, scope: InsightsScope, { from, to }: Range) {
  const row = await db
    .selectFrom('playlist_tracks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('playlist_tracks.track_id', 'in', tracksOf(db, scope))
    .where('playlist_tracks.created_at', '>=', from)
    .where('playlist_tracks.created_at', '<', to)
    .executeTakeFirstOrThrow();
  return count(row.count);
}

export async function followersGained(db: Db, artistId: number, { from, to }: Range) {
  const row = await db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('follows.followable_type', '=', 'artist')
    .where('follows.followable_id', '=', artistId)
    .where('follows.created_at', '>=', from)
    .where('follows.created_at', '<', to)
    .executeTakeFirstOrThrow();
  return count(row.count);
}

/** The artist a track belongs to: its album's first artist, else its own first credit. */
export async function ownerOfTrack(db: Db, trackId: number) {
  const row = await db
    .selectFrom('tracks')
    .leftJoin('album_artists', (join) =>
      join
        .onRef('album_artists.album_id', '=', 'tracks.album_id')
        .on('album_artists.position', '=', 0),
    )
    .select([
      'tracks.id',
      'album_artists.artist_id as album_artist',
      (eb) =>
        eb
          .selectFrom('track_artists')
          .select('track_artists.artist_id')
          .whereRef('track_artists.track_id', '=', 'tracks.id')
          .orderBy('track_artists.position')
          .limit(1)
          .as('track_artist'),
    ])
    .where('tracks.id', '=', trackId)
    .executeTakeFirst();
  return row ? (row.album_artist ?? row.track_artist ?? null) : null;
}

export async function ownerOfAlbum(db: Db, albumId: number) {
  const row = await db
    .selectFrom('album_artists')
    .select('artist_id')
    .where('album_id', '=', albumId)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return row?.artist_id ?? null;
}

export function nameOf(db: Db, scope: InsightsScope) {
  const table = scope.kind === 'artist' ? 'artists' : scope.kind === 'album' ? 'albums' : 'tracks';
  return db
    .selectFrom(table as 'artists')
    .select('name')
    .where('id', '=', scope.id)
    .executeTakeFirst();
}
