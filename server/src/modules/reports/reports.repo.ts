import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isPostgres } from '../../db/migrations/helpers.js';

type Db = Kysely<Database>;
export interface Range {
  /** Inclusive, ISO 8601. */
  from: string;
  /** Exclusive, ISO 8601. */
  to: string;
}
export interface Count {
  name: string;
  count: number;
}

/** The UTC day of a timestamp column as YYYY-MM-DD, on either database. */
function dayOf(db: Db, column: string) {
  return isPostgres(db)
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

// A listener is a signed-in user, or a guest's session.
const listener = sql`coalesce(cast(plays.user_id as varchar(20)), plays.session_id)`;

const playsIn = (db: Db, { from, to }: Range) =>
  db.selectFrom('plays').where('plays.created_at', '>=', from).where('plays.created_at', '<', to);

export async function playTotals(db: Db, range: Range) {
  const row = await playsIn(db, range)
    .select([
      (eb) => eb.fn.countAll<number | string>().as('plays'),
      sql<number | string>`count(distinct ${listener})`.as('listeners'),
    ])
    .executeTakeFirstOrThrow();
  return { plays: Number(row.plays), listeners: Number(row.listeners) };
}

export async function playsByDay(db: Db, range: Range) {
  const day = dayOf(db, 'plays.created_at');
  const rows = await playsIn(db, range)
    .select([
      day.as('day'),
      (eb) => eb.fn.countAll<number | string>().as('plays'),
      sql<number | string>`count(distinct ${listener})`.as('listeners'),
    ])
    .groupBy(day)
    .execute();
  return rows.map((row) => ({
    day: row.day,
    plays: Number(row.plays),
    listeners: Number(row.listeners),
  }));
}

export async function newUsersByDay(db: Db, { from, to }: Range) {
  const day = dayOf(db, 'users.created_at');
  const rows = await db
    .selectFrom('users')
    .where('users.created_at', '>=', from)
    .where('users.created_at', '<', to)
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

/** Plays in the range by one column of the plays table (device, browser, platform, country). */
export async function playsBy(
  db: Db,
  range: Range,
  column: 'device' | 'browser' | 'platform' | 'country',
  limit = 10,
): Promise<Count[]> {
  const rows = await playsIn(db, range)
    .where(`plays.${column}`, 'is not', null)
    .select([`plays.${column} as name`, (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(`plays.${column}`)
    .orderBy('count', 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ name: String(row.name), count: Number(row.count) }));
}

export async function topTracks(db: Db, range: Range, limit = 10) {
  const rows = await playsIn(db, range)
    .innerJoin('tracks', 'tracks.id', 'plays.track_id')
    .select([
      'tracks.id as id',
      'tracks.name as name',
      (eb) => eb.fn.countAll<number | string>().as('count'),
    ])
    .groupBy(['tracks.id', 'tracks.name'])
    .orderBy('count', 'desc')
    .orderBy('tracks.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

export async function topAlbums(db: Db, range: Range, limit = 10) {
  const rows = await playsIn(db, range)
    .innerJoin('tracks', 'tracks.id', 'plays.track_id')
    .innerJoin('albums', 'albums.id', 'tracks.album_id')
    .select([
      'albums.id as id',
      'albums.name as name',
      (eb) => eb.fn.countAll<number | string>().as('count'),
    ])
    .groupBy(['albums.id', 'albums.name'])
    .orderBy('count', 'desc')
    .orderBy('albums.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

/** A play of a track by several artists counts for each of them. */
export async function topArtists(db: Db, range: Range, limit = 10) {
  const rows = await playsIn(db, range)
    .innerJoin('track_artists', 'track_artists.track_id', 'plays.track_id')
    .innerJoin('artists', 'artists.id', 'track_artists.artist_id')
    .select([
      'artists.id as id',
      'artists.name as name',
      (eb) => eb.fn.countAll<number | string>().as('count'),
    ])
    .groupBy(['artists.id', 'artists.name'])
    .orderBy('count', 'desc')
    .orderBy('artists.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

/** Subscriptions that grant their plan at `at`: running at the gateway, or not yet ended. */
const validAt = (at: string): Expression<SqlBool> =>
  sql<SqlBool>`(subscriptions.gateway_status in ('active', 'trialing') or subscriptions.ends_at > ${at})
    and (subscriptions.ends_at is null or subscriptions.ends_at > ${at})`;

export async function activeSubscriptions(db: Db, at: string): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .where(validAt(at))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Monthly recurring revenue at `at`, in minor units by currency: each valid paid subscription's
 * price brought to a month (a year is a twelfth, a day thirty times), free grants left out.
 */
export async function monthlyRevenue(db: Db, at: string) {
  const perMonth = sql<number>`sum(
    cast(prices.amount as float) / prices.interval_count *
    case prices.interval when 'year' then 1.0 / 12 when 'day' then 30.0 else 1.0 end)`;
  const rows = await db
    .selectFrom('subscriptions')
    .innerJoin('prices', 'prices.id', 'subscriptions.price_id')
    .where(validAt(at))
    .where('subscriptions.gateway', '=', 'stripe')
    .select(['prices.currency as currency', perMonth.as('amount')])
    .groupBy('prices.currency')
    .orderBy('prices.currency')
    .execute();
  return rows.map((row) => ({ currency: row.currency, amount: Math.round(Number(row.amount)) }));
}

/**
 * What changes the reports: the newest play and user, and the last change of a subscription.
 * Read from primary keys and one small table, so checking it costs next to nothing.
 */
export async function dataVersion(db: Db): Promise<string> {
  const { rows } = await sql<{ plays: unknown; users: unknown; subs: unknown }>`select
      (select max(id) from plays) as plays,
      (select max(id) from users) as users,
      (select max(updated_at) from subscriptions) as subs`.execute(db);
  const row = rows[0]!;
  return JSON.stringify([String(row.plays), String(row.users), String(row.subs)]);
}
