import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The backstage: requests to become, claim or verify an artist, reviewed by admins; and who
 * manages each artist profile, one user or one workspace (a label).
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('backstage_requests'))
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('type', 'varchar(20)', (col) => col.notNull())
      .addColumn('status', 'varchar(20)', (col) => col.notNull().defaultTo('pending'))
      .addColumn('artist_id', 'integer', (col) => col.references('artists.id').onDelete('set null'))
      .addColumn('artist_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('workspace_id', 'integer', (col) =>
        col.references('workspaces.id').onDelete('set null'),
      )
      .addColumn('links', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('proof', 'text', (col) => col.notNull())
      .addColumn('message', 'text')
      // JSON {small, large}: the uploaded picture, resized.
      .addColumn('image', 'text')
      .addColumn('reason', 'text')
      .addColumn('reviewed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('reviewed_at', ts),
  ).execute();
  await db.schema
    .createIndex('backstage_requests_status_idx')
    .on('backstage_requests')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('backstage_requests_user_idx')
    .on('backstage_requests')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('artist_managers')
    .addColumn('artist_id', 'integer', (col) =>
      col.primaryKey().references('artists.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (col) =>
      col.references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('artist_managers_user_idx')
    .on('artist_managers')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('artist_managers_workspace_idx')
    .on('artist_managers')
    .column('workspace_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('artist_managers').execute();
  await db.schema.dropTable('backstage_requests').execute();
}
