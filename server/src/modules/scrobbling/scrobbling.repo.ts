import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ScrobblersTable } from './scrobblers.table.js';

type Db = Kysely<Database>;

export function scrobblersOf(db: Db, userId: number): Promise<ScrobblersTable[]> {
  return db.selectFrom('scrobblers').selectAll().where('user_id', '=', userId).execute();
}

export function findScrobbler(
  db: Db,
  userId: number,
  service: string,
): Promise<ScrobblersTable | undefined> {
  return db
    .selectFrom('scrobblers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('service', '=', service)
    .executeTakeFirst();
}

/** Connects a service, or replaces the token of one connected before. */
export async function saveScrobbler(db: Db, row: ScrobblersTable): Promise<void> {
  await db
    .insertInto('scrobblers')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'service']).doUpdateSet({
        sealed_token: row.sealed_token,
        username: row.username,
        created_at: row.created_at,
      }),
    )
    .execute();
}

/** Disconnects a service; with `sealedToken`, only while that token is still the saved one. */
export async function deleteScrobbler(
  db: Db,
  userId: number,
  service: string,
  sealedToken?: string,
): Promise<boolean> {
  let query = db
    .deleteFrom('scrobblers')
    .where('user_id', '=', userId)
    .where('service', '=', service);
  if (sealedToken !== undefined) query = query.where('sealed_token', '=', sealedToken);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
