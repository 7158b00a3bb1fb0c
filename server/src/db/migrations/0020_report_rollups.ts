import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Daily rollups of the plays, for the reports: a finished day's plays never change, so each is
 * counted once and the dashboard sums a few rows a day instead of every play of the range.
 * A row in `report_days` says the day's rollups are complete.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('report_days')
    .addColumn('day', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('plays', 'integer', (col) => col.notNull())
    .addColumn('listeners', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('report_day_tracks')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('track_id', 'integer', (col) =>
      col.notNull().references('tracks.id').onDelete('cascade'),
    )
    .addColumn('plays', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('report_day_tracks_pk', ['day', 'track_id'])
    .execute();
  await db.schema
    .createIndex('report_day_tracks_track_idx')
    .on('report_day_tracks')
    .column('track_id')
    .execute();
  await db.schema
    .createTable('report_day_clients')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('plays', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('report_day_clients_pk', ['day', 'kind', 'name'])
    .execute();
  await db.schema
    .createTable('report_day_listeners')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('listener', 'varchar(80)', (col) => col.notNull())
    .addPrimaryKeyConstraint('report_day_listeners_pk', ['day', 'listener'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('report_day_listeners').execute();
  await db.schema.dropTable('report_day_clients').execute();
  await db.schema.dropTable('report_day_tracks').execute();
  await db.schema.dropTable('report_days').execute();
}
