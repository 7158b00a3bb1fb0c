import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './script-previews.repo.js';

const PREVIEW_TTL_MS = 60 * 60 * 1000;
/** Drafts kept per author: an editing session makes one per pause in typing. */
const PREVIEWS_PER_AUTHOR = 50;

export type ScriptPreviews = ReturnType<typeof createScriptPreviews>;

/**
 * Unsaved JavaScript the appearance editor runs in its preview. The Content-Security-Policy
 * runs no inline script, so a draft is kept for an hour under a random name and served as a
 * file, only to the admin who wrote it, by whichever instance the preview asks.
 */
export function createScriptPreviews({
  db,
  now = () => Date.now(),
}: {
  db: Kysely<Database>;
  now?: () => number;
}) {
  const expiredBefore = () => new Date(now() - PREVIEW_TTL_MS).toISOString();
  return {
    async keep(userId: number, js: string): Promise<string> {
      const token = crypto.randomBytes(16).toString('hex');
      await repo.deleteOlderThan(db, expiredBefore());
      await repo.insertPreview(db, {
        token,
        user_id: userId,
        js,
        created_at: new Date(now()).toISOString(),
      });
      await repo.keepLatestOf(db, userId, PREVIEWS_PER_AUTHOR);
      return token;
    },
    read: (userId: number, token: string): Promise<string | undefined> =>
      repo.findPreview(db, token, userId, expiredBefore()),
  };
}
