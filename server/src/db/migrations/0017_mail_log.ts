import type { Kysely } from 'kysely';
import { timestampType, withId } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Every e-mail the site sent or failed to send, for the admin area's mail log. */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('mail_log'))
    .addColumn('recipient', 'varchar(320)', (col) => col.notNull())
    .addColumn('subject', 'varchar(1000)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('error', 'varchar(1000)')
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mail_log_created_idx').on('mail_log').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mail_log').execute();
}
