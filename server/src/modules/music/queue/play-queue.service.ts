import type { Track } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { assertMayListen } from '../actor.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { Listener } from '../actor.js';

/** The longest queue kept (music apps send whole albums and playlists). */
export const MAX_QUEUE = 1000;

export interface PlayQueue {
  tracks: Track[];
  current: number | null;
  position_ms: number;
  changed_by: string;
  updated_at: string;
}

/**
 * A user's play queue kept on the server, so listening moves between devices: the web player and
 * music apps (the Subsonic API's getPlayQueue and savePlayQueue) save and read the same one.
 * Keeping or reading a queue needs music.view, as playing does.
 */
export function createPlayQueueService({
  db,
  catalogue,
}: {
  db: Kysely<Database>;
  catalogue: CatalogueService;
}) {
  return {
    async save(
      listener: Listener,
      input: { trackIds: number[]; current: number | null; positionMs: number; changedBy: string },
    ): Promise<void> {
      assertMayListen(listener.actor);
      // Only tracks that exist are kept; the current one must be in the queue.
      const trackIds = (
        await catalogue.tracksByIds(input.trackIds.slice(0, MAX_QUEUE), listener)
      ).map((track) => track.id);
      const current =
        input.current !== null && trackIds.includes(input.current) ? input.current : null;
      const row = {
        user_id: listener.userId,
        track_ids: JSON.stringify(trackIds),
        current_track_id: current,
        position_ms: Math.max(0, Math.min(Math.round(input.positionMs), 2 ** 31 - 1)),
        changed_by: input.changedBy.slice(0, 100) || 'unknown',
        updated_at: new Date().toISOString(),
      };
      await db
        .insertInto('play_queues')
        .values(row)
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
        .execute();
    },

    async get(listener: Listener): Promise<PlayQueue | null> {
      assertMayListen(listener.actor);
      const row = await db
        .selectFrom('play_queues')
        .selectAll()
        .where('user_id', '=', listener.userId)
        .executeTakeFirst();
      if (!row) return null;
      const ids = JSON.parse(row.track_ids) as number[];
      return {
        tracks: await catalogue.tracksByIds(ids, listener),
        current: row.current_track_id,
        position_ms: Number(row.position_ms),
        changed_by: row.changed_by,
        updated_at: row.updated_at,
      };
    },
  };
}

export type PlayQueueService = ReturnType<typeof createPlayQueueService>;
