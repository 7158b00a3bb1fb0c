import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { GeoLookup } from '../../../infra/geo.js';
import { extended } from '../../../infra/extended.js';
import { describeDevice } from '../../sessions/device.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { Viewer } from '../actor.js';
import type { Actor } from '../actor.js';
import { pageWindow, paginated, type PageRequest } from '../pagination.js';
import * as repo from './plays.repo.js';

export type PlaysService = ReturnType<typeof createPlaysService>;

/** A listen counts once 30 seconds have played, or when a shorter track played to its end. */
export const PLAY_THRESHOLD_MS = 30_000;
/** Reports of the same listen (retries, seeking back) within this window count once. */
export const PLAY_DEDUPE_MS = 5 * 60_000;

export function createPlaysService({
  db,
  catalogue,
  geo,
}: {
  db: Kysely<Database>;
  catalogue: CatalogueService;
  geo: GeoLookup | null;
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
    }): Promise<{ logged: boolean }> {
      // Refuses one without music.view, and throws 404 for an unknown track.
      await catalogue.audioOf(input.trackId, input.actor);
      if (input.playedMs < PLAY_THRESHOLD_MS && !input.ended) return { logged: false };
      const place = geo ? await geo.locate(input.ip).catch(() => null) : null;
      const since = new Date(Date.now() - PLAY_DEDUPE_MS).toISOString();
      const client = describeDevice(input.userAgent);
      return db.transaction().execute(async (trx) => {
        if (await repo.recentPlayExists(trx, input.sessionId, input.trackId, since))
          return { logged: false };
        await repo.insertPlay(trx, {
          track_id: input.trackId,
          user_id: input.userId,
          session_id: input.sessionId,
          played_ms: Math.min(input.playedMs, 2_147_000_000),
          device: client.device_type,
          browser: client.browser?.slice(0, 50) ?? null,
          platform: client.platform?.slice(0, 50) ?? null,
          country: place?.country ?? null,
          city: place?.city?.slice(0, 100) ?? null,
        });
        await catalogue.incrementPlays(input.trackId, trx);
        return { logged: true };
      });
    },

    async history(userId: number, page: PageRequest, viewer: Viewer) {
      const { rows, total } = await repo.historyPage(db, userId, pageWindow(page));
      const tracks = await catalogue.tracksByIds([...new Set(rows.map((r) => r.track_id))], viewer);
      const byId = new Map(tracks.map((t) => [t.id, t]));
      const data = rows.flatMap((r) => {
        const track = byId.get(r.track_id);
        return track ? [extended(track, { played_at: r.created_at })] : [];
      });
      return paginated(data, total, page);
    },
  };
}
