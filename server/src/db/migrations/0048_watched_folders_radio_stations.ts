import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Library folders an admin marked to be watched, with what their watcher last reported (every
 * instance's admin screen reads it, whichever instance watches); and internet radio stations.
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('library_watched_folders'))
      .addColumn('path', 'varchar(4096)', (col) => col.notNull().unique())
      .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('starting'))
      .addColumn('error', 'text')
      .addColumn('last_change_at', ts),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('radio_stations'))
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('stream_url', 'varchar(2048)', (col) => col.notNull())
      .addColumn('homepage_url', 'varchar(2048)')
      .addColumn('cover_url', 'varchar(2048)'),
  ).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('radio_stations').execute();
  await db.schema.dropTable('library_watched_folders').execute();
}
