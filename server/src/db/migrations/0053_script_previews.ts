import type { Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The appearance editor's unsaved script drafts, which its preview loads as files. Kept in the
 * database rather than one process's memory, so the instance that serves a preview need not be
 * the one that took the draft.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('script_previews')
    .addColumn('token', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('js', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('script_previews_user_idx')
    .on('script_previews')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('script_previews_created_idx')
    .on('script_previews')
    .column('created_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('script_previews').execute();
}
