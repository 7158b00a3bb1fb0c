import type { Report } from '@cadenza/contracts/reports';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './reports.repo.js';

const DAY_MS = 86_400_000;
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
 * nothing loads rows to count them.
 */
export function createReportsService(db: Kysely<Database>, clock = () => Date.now()) {
  const cache = new Map<string, { report: Promise<Report>; until: number }>();

  return {
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
      const at = now.toISOString();
      const [
        totals,
        byDay,
        signUps,
        activeSubscriptions,
        monthlyRevenue,
        topTracks,
        topArtists,
        topAlbums,
        devices,
        browsers,
        platforms,
        countries,
      ] = await Promise.all([
        repo.playTotals(db, range),
        repo.playsByDay(db, range),
        repo.newUsersByDay(db, range),
        repo.activeSubscriptions(db, at),
        repo.monthlyRevenue(db, at),
        repo.topTracks(db, range),
        repo.topArtists(db, range),
        repo.topAlbums(db, range),
        repo.playsBy(db, range, 'device'),
        repo.playsBy(db, range, 'browser'),
        repo.playsBy(db, range, 'platform'),
        repo.playsBy(db, range, 'country'),
      ]);
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
  };
}
