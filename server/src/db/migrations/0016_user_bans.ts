import type { Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Banned accounts: since when, why, and until when (no end: until an admin lifts the ban). */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable('users').addColumn('banned_at', ts).execute();
  await db.schema.alterTable('users').addColumn('banned_until', ts).execute();
  await db.schema.alterTable('users').addColumn('ban_reason', 'varchar(500)').execute();
  await db.schema.createIndex('users_banned_idx').on('users').column('banned_at').execute();
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_created_idx').execute();
  await db.schema.dropIndex('users_banned_idx').execute();
  await db.schema.alterTable('users').dropColumn('ban_reason').execute();
  await db.schema.alterTable('users').dropColumn('banned_until').execute();
  await db.schema.alterTable('users').dropColumn('banned_at').execute();
}
