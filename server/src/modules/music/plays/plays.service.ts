import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { EventBus } from '../../../infra/events.js';
import type { GeoLookup } from '../../../infra/geo.js';
import { extended } from '../../../infra/extended.js';
import { describeDevice } from '../../sessions/device.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { assertMayListen, type Actor, type Listener } from '../actor.js';
import { pageWindow, paginated, type PageRequest } from '../pagination.js';
import * as repo from './plays.repo.js';

export type PlaysService = ReturnType<typeof createPlaysService>;

/** A listen counts once 30 seconds have played, or when a shorter track played to its end. */
export const PLAY_THRESHOLD_MS = 30_000;
/** Reports of the same listen (retries, seeking back) within this window count once. */
export const PLAY_DEDUPE_MS = 5 * 60_000;

/** The furthest back a reported listen is taken at its word: Last.fm's own limit. */
export const OLDEST_LISTEN_MS = 14 * 24 * 3600_000;

/**
 * A listen's time as a client that was offline reports it, when it is neither in the future nor
 * older than two weeks (a wrong clock may not rewrite history); null to take the time of the report.
 */
function reportedListenTime(reported: Date | undefined): Date | null {
  const now = Date.now();
  const time = reported?.getTime();
  return time !== undefined && time <= now && time >= now - OLDEST_LISTEN_MS
    ? new Date(time)
    : null;
}

export function createPlaysService({
  db,
  catalogue,
  geo,
  events,
}: {
  db: Kysely<Database>;
  catalogue: CatalogueService;
  geo: GeoLookup | null;
  /** Told of each counted play and started track of a signed-in listener (scrobbling). */
  events?: Pick<EventBus, 'emit'>;
}) {
  return {
    async log(input: {
      trackId: number;
      userId: number | null;
      sessionId: string;
      playedMs: number;
      ended: boolean;
      userAgent: string | null;
      ip: string | null;
      /** Who reports the play: one who may not listen may not count plays either. */
      actor: Actor;
      /** When the listen began, as a client that was offline reports it; else now. */
      listenedAt?: Date;
    }): Promise<{ logged: boolean }> {
      // Refuses one without music.view, and throws 404 for an unknown track.
      await catalogue.audioOf(input.trackId, input.actor);
      if (input.playedMs < PLAY_THRESHOLD_MS && !input.ended) return { logged: false };
      const place = geo ? await geo.locate(input.ip).catch(() => null) : null;
      const reported = reportedListenTime(input.listenedAt);
      const at = reported ?? new Date();
      // The same listen reported again (a retry, a seek back) is one near this time.
      const since = new Date(at.getTime() - PLAY_DEDUPE_MS).toISOString();
      const until = new Date(at.getTime() + PLAY_DEDUPE_MS).toISOString();
      const client = describeDevice(input.userAgent);
      const playId = await db.transaction().execute(async (trx) => {
        if (await repo.playExistsBetween(trx, input.sessionId, input.trackId, since, until)) {
          return null;
        }
        const id = await repo.insertPlay(trx, {
          track_id: input.trackId,
          user_id: input.userId,
          session_id: input.sessionId,
          played_ms: Math.min(input.playedMs, 2_147_000_000),
          device: client.device_type,
          browser: client.browser?.slice(0, 50) ?? null,
          platform: client.platform?.slice(0, 50) ?? null,
          country: place?.country ?? null,
          city: place?.city?.slice(0, 100) ?? null,
          created_at: at.toISOString(),
        });
        await catalogue.incrementPlays(input.trackId, trx);
        return id;
      });
      if (playId === null) return { logged: false };
      if (input.userId !== null) {
        await events?.emit('music.play_counted', {
          playId,
          trackId: input.trackId,
          userId: input.userId,
          startedAt: (
            reported ?? new Date(at.getTime() - Math.max(0, input.playedMs))
          ).toISOString(),
        });
      }
      return { logged: true };
    },

    /** A signed-in listener's player started a track: counted nowhere, told to scrobblers. */
    async nowPlaying(input: { trackId: number; userId: number; actor: Actor }): Promise<void> {
      await catalogue.audioOf(input.trackId, input.actor);
      await events?.emit('music.now_playing', { trackId: input.trackId, userId: input.userId });
    },

    /** The listener's own listening history, newest first. */
    async history(listener: Listener, page: PageRequest) {
      assertMayListen(listener.actor);
      const { rows, total } = await repo.historyPage(db, listener.userId, pageWindow(page));
      const ids = [...new Set(rows.map((r) => r.track_id))];
      const tracks = await catalogue.tracksByIds(ids, listener);
      const byId = new Map(tracks.map((t) => [t.id, t]));
      const data = rows.flatMap((r) => {
        const track = byId.get(r.track_id);
        return track ? [extended(track, { played_at: r.created_at })] : [];
      });
      return paginated(data, total, page);
    },
  };
}
