import { DAY_MS } from '@cadenza/contracts/time';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dayOf, LISTENER } from '../../db/play-sql.js';

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

/**
 * A report's range split in two: whole days already rolled up (`rolled`, YYYY-MM-DD, both
 * included; absent when none), and the times still counted from the plays themselves (`live`).
 */
export interface Split {
  rolled: { from: string; to: string } | null;
  live: Range;
}

const playsIn = (db: Db, { from, to }: Range) =>
  db.selectFrom('plays').where('plays.created_at', '>=', from).where('plays.created_at', '<', to);

/** The first and last rolled-up day, as bounds that match nothing when there are none. */
const bounds = (rolled: Split['rolled']) =>
  [rolled?.from ?? '9999-12-31', rolled?.to ?? '0000-01-01'] as const;

export async function playTotals(db: Db, { rolled, live }: Split) {
  const [days, now, listeners] = await Promise.all([
    db
      .selectFrom('report_days')
      .where('day', '>=', bounds(rolled)[0])
      .where('day', '<=', bounds(rolled)[1])
      .select((eb) => eb.fn.sum<number | string | null>('plays').as('plays'))
      .executeTakeFirstOrThrow(),
    playsIn(db, live)
      .select((eb) => eb.fn.countAll<number | string>().as('plays'))
      .executeTakeFirstOrThrow(),
    // Distinct across days: the union keeps each listener once.
    sql<{ count: number | string }>`select count(*) as count from (
        select listener from report_day_listeners
          where day >= ${bounds(rolled)[0]} and day <= ${bounds(rolled)[1]}
        union
        select ${LISTENER} from plays
          where plays.created_at >= ${live.from} and plays.created_at < ${live.to}
      ) listeners`.execute(db),
  ]);
  return {
    plays: Number(days.plays ?? 0) + Number(now.plays),
    listeners: Number(listeners.rows[0]?.count ?? 0),
  };
}

export async function playsByDay(db: Db, { rolled, live }: Split) {
  const day = dayOf(db, 'plays.created_at');
  const [days, now] = await Promise.all([
    db
      .selectFrom('report_days')
      .where('day', '>=', bounds(rolled)[0])
      .where('day', '<=', bounds(rolled)[1])
      .select(['day', 'plays', 'listeners'])
      .execute(),
    playsIn(db, live)
      .select([
        day.as('day'),
        (eb) => eb.fn.countAll<number | string>().as('plays'),
        sql<number | string>`count(distinct ${LISTENER})`.as('listeners'),
      ])
      .groupBy(day)
      .execute(),
  ]);
  return [...days, ...now].map((row) => ({
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
  { rolled, live }: Split,
  column: 'device' | 'browser' | 'platform' | 'country',
  limit = 10,
): Promise<Count[]> {
  const rows = await db
    .selectFrom(
      db
        .selectFrom('report_day_clients')
        .where('day', '>=', bounds(rolled)[0])
        .where('day', '<=', bounds(rolled)[1])
        .where('kind', '=', column)
        .select(['name', 'plays'])
        .unionAll(
          playsIn(db, live)
            .where(`plays.${column}`, 'is not', null)
            .select([
              sql<string>`${sql.ref(`plays.${column}`)}`.as('name'),
              (eb) => eb.fn.countAll<number>().as('plays'),
            ])
            .groupBy(`plays.${column}`),
        )
        .as('counts'),
    )
    .select(['counts.name', (eb) => eb.fn.sum<number | string>('counts.plays').as('count')])
    .groupBy('counts.name')
    .orderBy('count', 'desc')
    .orderBy('counts.name')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ name: String(row.name), count: Number(row.count) }));
}

/** Plays of each track played in the range, as a subquery `track_plays (track_id, plays)`. */
function trackPlays(db: Db, { rolled, live }: Split) {
  return db
    .selectFrom(
      db
        .selectFrom('report_day_tracks')
        .where('day', '>=', bounds(rolled)[0])
        .where('day', '<=', bounds(rolled)[1])
        .select(['track_id', 'plays'])
        .unionAll(
          playsIn(db, live)
            .select(['plays.track_id', (eb) => eb.fn.countAll<number>().as('plays')])
            .groupBy('plays.track_id'),
        )
        .as('counts'),
    )
    .select(['counts.track_id', (eb) => eb.fn.sum<number>('counts.plays').as('plays')])
    .groupBy('counts.track_id')
    .as('track_plays');
}

export async function topTracks(db: Db, split: Split, limit = 10) {
  const rows = await db
    .selectFrom(trackPlays(db, split))
    .innerJoin('tracks', 'tracks.id', 'track_plays.track_id')
    .select(['tracks.id as id', 'tracks.name as name', 'track_plays.plays as count'])
    .orderBy('track_plays.plays', 'desc')
    .orderBy('tracks.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

export async function topAlbums(db: Db, split: Split, limit = 10) {
  const rows = await db
    .selectFrom(trackPlays(db, split))
    .innerJoin('tracks', 'tracks.id', 'track_plays.track_id')
    .innerJoin('albums', 'albums.id', 'tracks.album_id')
    .select([
      'albums.id as id',
      'albums.name as name',
      (eb) => eb.fn.sum<number | string>('track_plays.plays').as('count'),
    ])
    .groupBy(['albums.id', 'albums.name'])
    .orderBy('count', 'desc')
    .orderBy('albums.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

/** A play of a track by several artists counts for each of them. */
export async function topArtists(db: Db, split: Split, limit = 10) {
  const rows = await db
    .selectFrom(trackPlays(db, split))
    .innerJoin('track_artists', 'track_artists.track_id', 'track_plays.track_id')
    .innerJoin('artists', 'artists.id', 'track_artists.artist_id')
    .select([
      'artists.id as id',
      'artists.name as name',
      (eb) => eb.fn.sum<number | string>('track_plays.plays').as('count'),
    ])
    .groupBy(['artists.id', 'artists.name'])
    .orderBy('count', 'desc')
    .orderBy('artists.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

/** Finished days from `from` to `to` (YYYY-MM-DD, both included) already rolled up. */
export async function rolledUpDays(db: Db, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('report_days')
    .select('day')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  return new Set(rows.map((row) => row.day));
}

/**
 * Rolls up one finished UTC day: its totals, plays by track and by client, and its listeners,
 * each one `insert … select … group by` over the day's plays. Run again, it replaces the day.
 */
export async function rollUpDay(db: Db, day: string): Promise<void> {
  const range = { from: `${day}T00:00:00.000Z`, to: nextDay(day) };
  const at = sql`plays.created_at >= ${range.from} and plays.created_at < ${range.to}`;
  await db.transaction().execute(async (trx) => {
    for (const table of [
      'report_days',
      'report_day_tracks',
      'report_day_clients',
      'report_day_listeners',
    ] as const) {
      await trx.deleteFrom(table).where('day', '=', day).execute();
    }
    await sql`insert into report_day_tracks (day, track_id, plays)
      select ${day}, plays.track_id, count(*) from plays where ${at}
      group by plays.track_id`.execute(trx);
    for (const kind of ['device', 'browser', 'platform', 'country'] as const) {
      const column = sql.ref(`plays.${kind}`);
      await sql`insert into report_day_clients (day, kind, name, plays)
        select ${day}, ${kind}, ${column}, count(*) from plays
        where ${at} and ${column} is not null group by ${column}`.execute(trx);
    }
    await sql`insert into report_day_listeners (day, listener)
      select distinct ${day}, ${LISTENER} from plays where ${at}`.execute(trx);
    await sql`insert into report_days (day, plays, listeners)
      select ${day},
        (select count(*) from plays where ${at}),
        (select count(*) from report_day_listeners where day = ${day})`.execute(trx);
  });
}

/** The instant a UTC day ends, ISO 8601. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();
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

/** What was charged in the range, less what was refunded of it, in minor units by currency. */
export async function revenue(db: Db, { from, to }: Range) {
  const rows = await db
    .selectFrom('payments')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .select([
      'currency',
      (eb) => eb.fn.sum<number | string>(eb('amount', '-', eb.ref('refunded'))).as('amount'),
      (eb) => eb.fn.countAll<number | string>().as('payments'),
    ])
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  return rows.map((row) => ({
    currency: row.currency,
    amount: Number(row.amount),
    payments: Number(row.payments),
  }));
}

/** What a report reads: its range, split into rolled-up days and the rest; when it is counted. */
export interface FiguresQuery {
  split: Split;
  range: Range;
  /** The instant subscriptions are counted at, ISO 8601. */
  at: string;
}

export type Figures = Awaited<ReturnType<typeof figures>>;

/** Every figure of a report, each one aggregation, read together. */
export async function figures(db: Db, { split, range, at }: FiguresQuery) {
  const [
    totals,
    byDay,
    signUps,
    subscriptions,
    monthly,
    charged,
    tracks,
    artists,
    albums,
    devices,
    browsers,
    platforms,
    countries,
  ] = await Promise.all([
    playTotals(db, split),
    playsByDay(db, split),
    newUsersByDay(db, range),
    activeSubscriptions(db, at),
    monthlyRevenue(db, at),
    revenue(db, range),
    topTracks(db, split),
    topArtists(db, split),
    topAlbums(db, split),
    playsBy(db, split, 'device'),
    playsBy(db, split, 'browser'),
    playsBy(db, split, 'platform'),
    playsBy(db, split, 'country'),
  ]);
  return {
    totals,
    byDay,
    signUps,
    activeSubscriptions: subscriptions,
    monthlyRevenue: monthly,
    revenue: charged,
    topTracks: tracks,
    topArtists: artists,
    topAlbums: albums,
    devices,
    browsers,
    platforms,
    countries,
  };
}

/**
 * What changes the reports: the newest play and user, the last change of a subscription and of
 * a payment. Read from primary keys and small tables, so checking it costs next to nothing.
 */
export async function dataVersion(db: Db): Promise<string> {
  const { rows } = await sql<{
    plays: unknown;
    users: unknown;
    subs: unknown;
    payments: unknown;
  }>`select
      (select max(id) from plays) as plays,
      (select max(id) from users) as users,
      (select max(updated_at) from subscriptions) as subs,
      (select max(updated_at) from payments) as payments`.execute(db);
  const row = rows[0]!;
  return JSON.stringify([row.plays, row.users, row.subs, row.payments].map(String));
}
