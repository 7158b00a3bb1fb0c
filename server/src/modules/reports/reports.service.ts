import type { Report } from '@cadenza/contracts/reports';
import { DAY_MS } from '@cadenza/contracts/time';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './reports.repo.js';
import type { ReportsThread } from './reports.thread.js';

// A day is rolled up once it has been over for a few minutes, so a play logged by a request
// that began before midnight is in it.
const SETTLE_MS = 5 * 60_000;
// Reports cover a year at most; older days are never rolled up.
const MAX_DAYS = 366;
// A dashboard is read often and its aggregations are heavy at scale: a report is kept while
// nothing it counts has changed (and a minute at most), and concurrent readers share one run.
const CACHE_MS = 60_000;

export type ReportsService = ReturnType<typeof createReportsService>;

/** Every UTC day from `from` to `to`, both included, as YYYY-MM-DD. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let at = Date.parse(`${from}T00:00:00Z`);
    at <= Date.parse(`${to}T00:00:00Z`);
    at += DAY_MS
  ) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The admin dashboard: every figure is one SQL aggregation over the range, on either database;
 * nothing loads rows to count them. Finished days are read from daily rollups (see
 * `repo.rollUpDay`), and only what is left of the range from the plays themselves. Given a
 * `thread`, the figures are read there (SQLite), the rollups still written here.
 */
export function createReportsService(
  db: Kysely<Database>,
  { clock = () => Date.now(), thread }: { clock?: () => number; thread?: ReportsThread } = {},
) {
  const cache = new Map<string, { report: Promise<Report>; until: number }>();
  // One roll-up at a time in this process: concurrent reports wait for the same one.
  let rolling: Promise<void> = Promise.resolve();

  /** The last day that is over (and settled) at `now`. */
  const lastFinishedDay = (now: number) =>
    new Date(now - SETTLE_MS - DAY_MS).toISOString().slice(0, 10);

  /** Rolls up the finished days from `from` to `to` that are not yet. */
  function rollUp(from: string, to: string): Promise<void> {
    rolling = rolling
      .catch(() => undefined)
      .then(async () => {
        const done = await repo.rolledUpDays(db, from, to);
        for (const day of daysBetween(from, to)) {
          if (!done.has(day)) await repo.rollUpDay(db, day);
        }
      });
    return rolling;
  }

  /** The figures, from the thread if there is one; should it fail, from here. */
  async function readFigures(query: repo.FiguresQuery): Promise<repo.Figures> {
    if (thread) {
      try {
        return await thread.read(query);
      } catch (error) {
        console.error('reading a report on its thread failed; reading it here', error);
      }
    }
    return repo.figures(db, query);
  }

  return {
    /**
     * Rolls up every finished day of the last year not yet rolled up; run on a schedule so a
     * report rarely waits for one.
     */
    async rollUpFinishedDays(now = clock()): Promise<void> {
      const to = lastFinishedDay(now);
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - (MAX_DAYS - 1) * DAY_MS)
        .toISOString()
        .slice(0, 10);
      await rollUp(from, to);
    },

    /** The report of a range, computed again only once a play, a user or a subscription changed. */
    async report(
      query: { days?: number | undefined; from?: string | undefined; to?: string | undefined },
      now = new Date(clock()),
    ): Promise<Report> {
      const version = await repo.dataVersion(db);
      const day = now.toISOString().slice(0, 10);
      const key = JSON.stringify([query.days, query.from, query.to, day, version]);
      const cached = cache.get(key);
      if (cached && cached.until > clock()) return cached.report;
      for (const [old, entry] of cache) if (entry.until <= clock()) cache.delete(old);
      const report = this.compute(query, now);
      cache.set(key, { report, until: clock() + CACHE_MS });
      // A failure is not kept: the next reader tries again.
      report.catch(() => cache.delete(key));
      return report;
    },

    /**
     * Which days of the range come from rollups (rolling up any finished day missing) and which
     * times from the plays. Should rolling up fail, the whole range is counted from the plays.
     */
    async split(from: string, to: string, range: repo.Range, now: number): Promise<repo.Split> {
      const finished = lastFinishedDay(now);
      const rolledTo = to < finished ? to : finished;
      if (from > rolledTo) return { rolled: null, live: range };
      try {
        await rollUp(from, rolledTo);
      } catch (error) {
        console.error('rolling up the plays for the reports failed', error);
        return { rolled: null, live: range };
      }
      return {
        rolled: { from, to: rolledTo },
        live: { from: repo.nextDay(rolledTo), to: range.to },
      };
    },

    async compute(
      query: { days?: number | undefined; from?: string | undefined; to?: string | undefined },
      now: Date,
    ): Promise<Report> {
      const today = now.toISOString().slice(0, 10);
      const to = query.to ?? today;
      const from =
        query.from ??
        new Date(Date.parse(`${to}T00:00:00Z`) - ((query.days ?? 30) - 1) * DAY_MS)
          .toISOString()
          .slice(0, 10);
      const range = {
        from: `${from}T00:00:00.000Z`,
        to: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString(),
      };
      const split = await this.split(from, to, range, now.getTime());
      const {
        totals,
        byDay,
        signUps,
        activeSubscriptions,
        monthlyRevenue,
        revenue,
        topTracks,
        topArtists,
        topAlbums,
        devices,
        browsers,
        platforms,
        countries,
      } = await readFigures({ split, range, at: now.toISOString() });
      const plays = new Map(byDay.map((row) => [row.day, row]));
      const users = new Map(signUps.map((row) => [row.day, row.count]));
      return {
        from,
        to,
        totals: {
          ...totals,
          new_users: signUps.reduce((sum, row) => sum + row.count, 0),
          active_subscriptions: activeSubscriptions,
          monthly_revenue: monthlyRevenue,
          revenue,
        },
        days: daysBetween(from, to).map((day) => ({
          day,
          plays: plays.get(day)?.plays ?? 0,
          listeners: plays.get(day)?.listeners ?? 0,
          new_users: users.get(day) ?? 0,
        })),
        top_tracks: topTracks,
        top_artists: topArtists,
        top_albums: topAlbums,
        devices,
        browsers,
        platforms,
        countries,
      };
    },

    /** Stops the reports' thread, if it runs. */
    close: () => thread?.close() ?? Promise.resolve(),
  };
}
