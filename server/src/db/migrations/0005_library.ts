import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps } from './helpers.js';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Bookkeeping of the library import: which files were seen, and the import jobs. */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('library_files'))
      .addColumn('path', 'varchar(4096)', (col) => col.notNull().unique())
      // bigint: sizes and modification times in milliseconds outgrow 32 bits.
      .addColumn('size', 'bigint', (col) => col.notNull())
      .addColumn('mtime_ms', 'bigint', (col) => col.notNull())
      .addColumn('track_id', 'integer')
      .addColumn('last_seen_at', ts, (col) => col.notNull())
      .addColumn('error', 'text'),
  ).execute();
  await db.schema
    .createIndex('library_files_track_id_idx')
    .on('library_files')
    .column('track_id')
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('import_jobs'))
      .addColumn('folder', 'varchar(4096)', (col) => col.notNull())
      .addColumn('status', 'varchar(16)', (col) => col.notNull())
      .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('processed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('imported', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('removed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('errors', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('started_at', ts)
      .addColumn('finished_at', ts),
  ).execute();
  await db.schema
    .createIndex('import_jobs_status_idx')
    .on('import_jobs')
    .column('status')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('import_jobs').execute();
  await db.schema.dropTable('library_files').execute();
}
