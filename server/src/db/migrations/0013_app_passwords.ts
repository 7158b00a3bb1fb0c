import type { Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One password per user for music apps that sign in with the Subsonic scheme (a salted MD5 of
 * the password, which needs the password itself): never the login password, stored encrypted.
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('app_passwords')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('sealed_password', 'varchar(255)', (col) => col.notNull())
    .addColumn('last_used_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('app_passwords').execute();
}
