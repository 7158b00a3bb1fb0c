import type { Insights, InsightsScopeKind } from '@cadenza/contracts/backstage';
import { DAY_MS } from '@cadenza/contracts/time';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { BackstageArtistsService } from './artists.service.js';
import * as repo from './insights.repo.js';

export type InsightsService = ReturnType<typeof createInsightsService>;

/**
 * Figures are kept this long: the busiest artist's month is ~170 ms of queries at a million
 * plays, and a dashboard reloaded (or opened by a whole label at once) is read once. New plays
 * show within this time.
 */
const FRESH_MS = 15_000;
const KEPT = 500;
const DEFAULT_DAYS = 28;
const MAX_DAYS = 366;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The days asked for, both included, as a half-open range of times; checked for sense. */
export function rangeOf(from: string | undefined, to: string | undefined, today = new Date()) {
  const last = to ?? isoDay(today.getTime());
  const first = from ?? isoDay(Date.parse(last) - (DEFAULT_DAYS - 1) * DAY_MS);
  const days = (Date.parse(last) - Date.parse(first)) / DAY_MS + 1;
  if (days < 1) throw AppError.validation({ from: 'The range must start before it ends.' });
  if (days > MAX_DAYS) throw AppError.validation({ from: 'Choose at most a year at a time.' });
  return {
    first,
    last,
    days,
    range: {
      from: new Date(Date.parse(first)).toISOString(),
      to: new Date(Date.parse(last) + DAY_MS).toISOString(),
    },
  };
}

/**
 * What listeners did with an artist's music: plays by day, listeners, saves, playlist adds,
 * followers gained, top tracks and where and on what they listened. Every figure is one
 * aggregate query over the plays of the scope's tracks (an index on track and time).
 */
export function createInsightsService({
  db,
  artists,
}: {
  db: Kysely<Database>;
  artists: BackstageArtistsService;
}) {
  /** Those who manage the artist see its figures; for others, nothing here exists. */
  async function assertCanSee(userId: number, scope: repo.InsightsScope) {
    const artistId =
      scope.kind === 'artist'
        ? scope.id
        : scope.kind === 'album'
          ? await repo.ownerOfAlbum(db, scope.id)
          : await repo.ownerOfTrack(db, scope.id);
    const notFound = AppError.notFound('Nothing to show here.');
    if (artistId === null) throw notFound;
    await artists.access(userId, artistId, 'view').catch((error: unknown) => {
      throw error instanceof AppError && error.status === 404 ? notFound : error;
    });
    return artistId;
  }

  // Figures read lately, by scope and range; a read in progress is shared as well.
  const recent = new Map<string, { at: number; figures: Promise<Insights> }>();

  function remembered(key: string, read: () => Promise<Insights>): Promise<Insights> {
    const now = Date.now();
    const kept = recent.get(key);
    if (kept && now - kept.at < FRESH_MS) return kept.figures;
    const figures = read();
    recent.delete(key);
    recent.set(key, { at: now, figures });
    // A failed read is not kept; past the limit the oldest entries go first.
    figures.catch(() => recent.delete(key));
    while (recent.size > KEPT) recent.delete(recent.keys().next().value!);
    return figures;
  }

  return {
    async of(
      userId: number,
      query: { scope: InsightsScopeKind; id: number; from?: string; to?: string },
    ): Promise<Insights> {
      const scope = { kind: query.scope, id: query.id } as repo.InsightsScope;
      await assertCanSee(userId, scope);
      const { first, last, days, range } = rangeOf(query.from, query.to);
      return remembered(`${scope.kind}:${scope.id}:${first}:${last}`, () =>
        figuresOf(scope, { first, last, days, range }),
      );
    },
  };

  async function figuresOf(
    scope: repo.InsightsScope,
    { first, last, days, range }: ReturnType<typeof rangeOf>,
  ): Promise<Insights> {
    const [item, totals, byDay, topTracks, saves, playlistAdds, followers, ...breakdowns] =
      await Promise.all([
        repo.nameOf(db, scope),
        repo.playTotals(db, scope, range),
        repo.playsByDay(db, scope, range),
        scope.kind === 'track' ? Promise.resolve([]) : repo.topTracks(db, scope, range),
        repo.saves(db, scope, range),
        repo.playlistAdds(db, scope, range),
        scope.kind === 'artist' ? repo.followersGained(db, scope.id, range) : Promise.resolve(null),
        repo.topValues(db, scope, range, 'country'),
        repo.topValues(db, scope, range, 'city'),
        repo.topValues(db, scope, range, 'device'),
        repo.topValues(db, scope, range, 'browser'),
        repo.topValues(db, scope, range, 'platform'),
      ]);
    const playsOn = new Map(byDay.map((day) => [day.date, day.plays]));
    const start = Date.parse(first);
    const [countries, cities, devices, browsers, platforms] = breakdowns;
    return {
      scope: scope.kind,
      id: scope.id,
      name: item?.name ?? '',
      from: first,
      to: last,
      totals: {
        ...totals,
        saves,
        playlist_adds: playlistAdds,
        followers_gained: followers,
      },
      plays_by_day: Array.from({ length: days }, (_, index) => {
        const date = isoDay(start + index * DAY_MS);
        return { date, plays: playsOn.get(date) ?? 0 };
      }),
      top_tracks: topTracks,
      countries: countries!,
      cities: cities!,
      devices: devices!,
      browsers: browsers!,
      platforms: platforms!,
    };
  }
}
