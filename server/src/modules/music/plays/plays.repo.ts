import type { Executor } from '../catalogue/catalogue.repo.js';
import type { PageWindow } from '../../../db/pagination.js';
import { pageWithTotal } from '../../../db/pagination.js';

export async function recentPlayExists(
  db: Executor,
  sessionId: string,
  trackId: number,
  since: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('plays')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('track_id', '=', trackId)
    .where('created_at', '>=', since)
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
): Promise<void> {
  await db
    .insertInto('plays')
    .values({ ...play, created_at: play.created_at ?? new Date().toISOString() })
    .execute();
}

/** A user's listening history, latest first, one entry per play. */
export function historyPage(db: Executor, userId: number, window: PageWindow) {
  const plays = db.selectFrom('plays').where('user_id', '=', userId);
  return pageWithTotal(plays, window, (query) =>
    query.select(['track_id', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
}
