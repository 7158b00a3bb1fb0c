import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function insertPreview(
  db: Kysely<Database>,
  row: { token: string; user_id: number; js: string; created_at: string },
): Promise<void> {
  await db.insertInto('script_previews').values(row).execute();
}

/** The author's draft under `token`, if it was written after `since`. */
export async function findPreview(
  db: Kysely<Database>,
  token: string,
  userId: number,
  since: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('script_previews')
    .select('js')
    .where('token', '=', token)
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row?.js;
}

/** Forgets every draft written before `before`. */
export async function deleteOlderThan(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('script_previews').where('created_at', '<=', before).execute();
}

/** Keeps the author's `keep` latest drafts, forgetting the rest. */
export async function keepLatestOf(
  db: Kysely<Database>,
  userId: number,
  keep: number,
): Promise<void> {
  const latest = db
    .selectFrom('script_previews')
    .select('token')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('token')
    .limit(keep);
  await db
    .deleteFrom('script_previews')
    .where('user_id', '=', userId)
    .where('token', 'not in', latest)
    .execute();
}
