import { DAY_MS } from '@cadenza/contracts/time';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import * as rankings from './rankings.repo.js';

/** Trending artists are those played most over this many days (UTC days, today the last)… */
const TRENDING_DAYS = 14;
/** …ranked again at most this often. */
export const TRENDING_KEPT_MS = 60_000;
/** The trending window's first day (UTC, YYYY-MM-DD) at `now`. */
const trendingWindowStart = (now: number) =>
  new Date(now - (TRENDING_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);

/**
 * The trending artists: the fortnight's ranking by the artists' trending counts, and the window
 * those counts cover, moved on a day at a time.
 */
export function createTrending({ db }: { db: Kysely<Database> }) {
  /** The trending ranking of each length asked for, while it is kept (see rankedByRecentPlays). */
  const ranked = new Map<number, { until: number; ids: Promise<number[]> }>();

  // The fortnight's ranking moves at most once a minute, as charts do: the top of the artists'
  // trending counts (migration 0036). Only the order is kept: names, pictures and hidden
  // artists show at once.
  function rankedByRecentPlays(limit: number): Promise<number[]> {
    const now = Date.now();
    const kept = ranked.get(limit);
    if (kept && kept.until > now) return kept.ids;
    const ids = rankings.trendingArtistIds(db, limit);
    ranked.set(limit, { until: now + TRENDING_KEPT_MS, ids });
    ids.catch(() => ranked.delete(limit));
    return ids;
  }

  async function recountTrending(startsOn: string): Promise<void> {
    await rankings.recountTrendingPlays(db, startsOn);
    ranked.clear();
  }

  return {
    /** The `limit` trending artists' ids, topped up with the most played (or newest) ones. */
    async trendingIds(limit: number): Promise<number[]> {
      const trending = await rankedByRecentPlays(limit);
      if (trending.length >= limit) return trending;
      const fallback = await rankings.mostPlayedOrNewestArtistIds(db, limit + trending.length);
      const ids = [...trending];
      for (const id of fallback) if (!ids.includes(id) && ids.length < limit) ids.push(id);
      return ids;
    },

    /**
     * Moves the trending window on to its first day as of `now`, where a day has passed since it
     * last moved (or it never has): the artists' counts are worked out again from the plays,
     * which drops the day that left the window. Run at start and every few minutes.
     */
    async moveTrendingWindow(now = Date.now()): Promise<void> {
      const startsOn = trendingWindowStart(now);
      if ((await rankings.trendingWindowStart(db)) !== startsOn) await recountTrending(startsOn);
    },

    /** The artists' trending counts worked out again from the plays (added in bulk, uncounted). */
    recountTrending: (now = Date.now()) => recountTrending(trendingWindowStart(now)),
  };
}
