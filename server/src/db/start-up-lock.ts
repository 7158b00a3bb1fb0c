import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * The lock's two keys: one for what it guards, one for the schema, so that apps on other schemas
 * of one database (parallel test runs) each start at once.
 */
const LOCK_KEYS = sql`hashtext('cadenza.start-up'), hashtext(coalesce(current_schema(), ''))`;

/**
 * Runs `work` (migrations and seeding) in one instance at a time: instances started together on
 * a new PostgreSQL database would otherwise each create the same admin, plans and settings, and
 * all but one fail on the unique keys. The others wait here, then find the work done.
 *
 * The lock is PostgreSQL's advisory lock, held by a connection of its own for as long as the work
 * takes; it is released after, or by the server when the process dies. SQLite is used by one
 * process, so the work runs as it is.
 */
export async function oneInstanceAtATime<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${LOCK_KEYS})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEYS})`.execute(connection);
    }
  });
}
