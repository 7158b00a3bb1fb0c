import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The smallest statement the database must answer: it is up and this app's pool reaches it. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
