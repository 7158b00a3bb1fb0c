import type { Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Resumable uploads that were started and are not finished yet, with the length each declared:
 * their bytes count against the uploader's storage space before they arrive, and each user may
 * keep only so many open. A finished, cancelled or expired upload leaves the table.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('open_tus_uploads')
    .addColumn('id', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('declared_length', 'bigint', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('open_tus_uploads_user_idx')
    .on('open_tus_uploads')
    .columns(['user_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('open_tus_uploads').execute();
}
