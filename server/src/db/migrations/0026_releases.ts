import { sql, type Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Releases artists upload from the backstage. An album is a release with a status; until it is
 * public its album and tracks are hidden from every listener's list. Tracks keep what was
 * measured of their audio on upload, and who uploaded them (the plan's quota counts those).
 * Plays gain the listener's city for the artists' insights.
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .alterTable('albums')
    .addColumn('status', 'varchar(20)', (col) => col.notNull().defaultTo('published'))
    .execute();
  await db.schema.alterTable('albums').addColumn('publish_at', ts).execute();
  await db.schema
    .alterTable('albums')
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('albums_scheduled_idx')
    .on('albums')
    .columns(['status', 'publish_at'])
    .execute();

  await db.schema
    .alterTable('tracks')
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('tracks').addColumn('isrc', 'varchar(12)').execute();
  await db.schema
    .alterTable('tracks')
    .addColumn('downloadable', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('tracks').addColumn('loudness_lufs', 'real').execute();
  await db.schema.alterTable('tracks').addColumn('true_peak_db', 'real').execute();
  // JSON array of 0..100: the loudest point of each slice of the track, for its waveform.
  await db.schema.alterTable('tracks').addColumn('peaks', 'text').execute();
  await db.schema
    .alterTable('tracks')
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('tracks_uploaded_by_idx')
    .on('tracks')
    .column('uploaded_by')
    .execute();

  await db.schema.alterTable('plays').addColumn('city', 'varchar(100)').execute();
  // Insights read one track's (or one artist's tracks') plays over a range and count them by
  // listener, place and client: every column they read is in the index, so the plays table
  // itself is not touched (at a million plays, 28 days of the busiest artist: 1.2 s → 0.1 s).
  await db.schema
    .createIndex('plays_insights_idx')
    .on('plays')
    .columns([
      'track_id',
      'created_at',
      'user_id',
      'session_id',
      'country',
      'city',
      'device',
      'browser',
      'platform',
    ])
    .execute();
  // Visible tracks and albums are counted as all of them less the hidden few. Partial
  // indexes of the hidden rows alone: an index of `hidden` itself would tempt the planner away
  // from the ordering indexes of listeners' lists (top 50 fell from 1,800 to 35 requests/s).
  for (const table of ['tracks', 'albums']) {
    await db.schema
      .createIndex(`${table}_hidden_idx`)
      .on(table)
      .column('id')
      .where(sql.ref('hidden'), '=', 1)
      .execute();
  }

  // Installs made before releases: every account may release a little music, as new ones may.
  const users = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'users')
    .executeTakeFirst();
  if (users) {
    await db
      .insertInto('permissions')
      .values({
        name: 'music.create',
        group_name: 'music',
        description:
          'Release music for the artists one manages (restrictions "tracks" and "minutes": how much in all).',
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const permission = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'music.create')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permissions')
      .values({
        role_id: users.id,
        permission_id: permission.id,
        restrictions: JSON.stringify([
          { name: 'tracks', value: 50 },
          { name: 'minutes', value: 180 },
        ]),
      })
      .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('albums_hidden_idx').execute();
  await db.schema.dropIndex('tracks_hidden_idx').execute();
  await db.schema.dropIndex('plays_insights_idx').execute();
  await db.schema.alterTable('plays').dropColumn('city').execute();
  await db.schema.dropIndex('tracks_uploaded_by_idx').execute();
  for (const column of [
    'uploaded_by',
    'peaks',
    'true_peak_db',
    'loudness_lufs',
    'downloadable',
    'isrc',
    'hidden',
  ]) {
    await db.schema.alterTable('tracks').dropColumn(column).execute();
  }
  await db.schema.dropIndex('albums_scheduled_idx').execute();
  for (const column of ['hidden', 'publish_at', 'status']) {
    await db.schema.alterTable('albums').dropColumn(column).execute();
  }
}
