import type { Executor } from '../catalogue/catalogue.repo.js';
import type { PageWindow } from '../../../db/pagination.js';
import { pageWithTotal } from '../../../db/pagination.js';

/** Whether the session counted the track between `since` and `until` (ISO times) already. */
export async function playExistsBetween(
  db: Executor,
  sessionId: string,
  trackId: number,
  since: string,
  until: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('plays')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('track_id', '=', trackId)
    .where('created_at', '>=', since)
    .where('created_at', '<=', until)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPlay(
  db: Executor,
  play: {
    track_id: number;
    user_id: number | null;
    session_id: string;
    played_ms: number;
    device: string | null;
    browser: string | null;
    platform: string | null;
    country: string | null;
    city?: string | null;
    created_at?: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('plays')
    .values({ ...play, created_at: play.created_at ?? new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user's listening history, latest first, one entry per play. */
export function historyPage(db: Executor, userId: number, window: PageWindow) {
  const plays = db.selectFrom('plays').where('user_id', '=', userId);
  return pageWithTotal(plays, window, (query) =>
    query.select(['track_id', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
}
