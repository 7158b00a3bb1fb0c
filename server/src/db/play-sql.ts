import { sql, type Kysely } from 'kysely';
import { isPostgres } from './migrations/helpers.js';

/** The UTC day of a timestamp column as YYYY-MM-DD, on either database. */
export function dayOf<DB>(db: Kysely<DB>, column: string) {
  return isPostgres(db)
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/** Who listened: a signed-in user, or a guest's session. */
export const LISTENER = sql<string>`coalesce(cast(plays.user_id as varchar(20)), plays.session_id)`;
