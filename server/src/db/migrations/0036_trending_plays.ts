import { sql, type Kysely } from 'kysely';
import { unwatch, watch } from './0034_data_versions.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Trending artists are ranked by their plays of the last 14 days. Counted from the plays, that
 * ranking read every play of the fortnight: at a million plays a month, 1 to 2 s in which
 * SQLite's server answered nothing else, once a minute. Each artist now keeps its count of the
 * fortnight's plays beside its total (`trending_plays`): a play adds to both, the fortnight's
 * first day moves on once a day (`trending_window`, empty until the server first counts them),
 * when the counts are worked out again from the plays; the ranking is the top of an index.
 *
 * A play moves the artist's two counters in one statement; the catalogue's version counts
 * neither (a play is not an edit), nor the daily recount.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('artists')
    .addColumn('trending_plays', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`create index artists_trending_idx on artists (trending_plays desc, id)`.execute(db);
  await db.schema
    .createTable('trending_window')
    .addColumn('starts_on', 'varchar(10)', (col) => col.notNull())
    .execute();
  await unwatch(db, 'catalogue', { table: 'artists' });
  await watch(db, 'catalogue', { table: 'artists', playsColumn: ['plays', 'trending_plays'] });
}

export async function down(db: AnyDb): Promise<void> {
  await unwatch(db, 'catalogue', { table: 'artists' });
  await watch(db, 'catalogue', { table: 'artists', playsColumn: 'plays' });
  await db.schema.dropTable('trending_window').execute();
  await db.schema.dropIndex('artists_trending_idx').execute();
  await db.schema.alterTable('artists').dropColumn('trending_plays').execute();
}
