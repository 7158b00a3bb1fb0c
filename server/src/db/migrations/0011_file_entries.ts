import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Uploaded files (file entries) on the local disk or S3-compatible storage, and the uploads that
 * go straight from the browser to storage while they are under way.
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('file_entries'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      // The stored name: chosen by the server, never the client's.
      .addColumn('file_name', 'varchar(100)', (col) => col.notNull())
      .addColumn('mime', 'varchar(255)', (col) => col.notNull())
      .addColumn('extension', 'varchar(20)', (col) => col.notNull())
      .addColumn('size', 'bigint', (col) => col.notNull())
      .addColumn('disk', 'varchar(20)', (col) => col.notNull())
      .addColumn('path', 'varchar(1024)', (col) => col.notNull())
      // The client's relative path within a folder upload, if any.
      .addColumn('relative_path', 'varchar(1000)')
      .addColumn('hash', 'varchar(64)', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('workspace_id', 'integer', (col) =>
        col.references('workspaces.id').onDelete('cascade'),
      )
      .addColumn('parent_id', 'integer', (col) =>
        col.references('file_entries.id').onDelete('cascade'),
      )
      .addColumn('deleted_at', ts),
  ).execute();
  // The owner's files and their used space; a workspace's files.
  await db.schema
    .createIndex('file_entries_user_idx')
    .on('file_entries')
    .columns(['user_id', 'deleted_at'])
    .execute();
  await db.schema
    .createIndex('file_entries_workspace_idx')
    .on('file_entries')
    .columns(['workspace_id'])
    .execute();

  await db.schema
    .createTable('direct_uploads')
    .addColumn('key', 'varchar(1024)', (col) => col.primaryKey())
    // The storage's multipart upload id; null for a simple (single PUT) upload.
    .addColumn('upload_id', 'varchar(1024)')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('direct_uploads_expires_idx')
    .on('direct_uploads')
    .columns(['expires_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('direct_uploads').execute();
  await db.schema.dropTable('file_entries').execute();
}
