import { sql, type Kysely } from 'kysely';
import { createCounterTriggers, dropCounterTriggers, type Counter } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The ranked lists (top tracks, new and popular albums) and the catalogue's pages show how many
 * tracks and albums listeners can see. PostgreSQL counted them row by row on every page, as far
 * as the hundredth page (1.4 ms of the top 50's 2.2 at a million tracks); SQLite counted each
 * table and its hidden rows from their indexes. Both counts are now kept in `catalogue_counts`
 * by triggers, and move when a row is hidden or shown.
 */
const TABLES = ['tracks', 'albums'] as const;

const counterOf = (table: (typeof TABLES)[number]): Counter => ({
  name: `catalogue_${table}_count`,
  table,
  add: (row) => sql`update catalogue_counts set visible = visible + 1
    where name = ${sql.lit(table)} and ${row}.hidden = 0`,
  remove: (row) => sql`update catalogue_counts set visible = visible - 1
    where name = ${sql.lit(table)} and ${row}.hidden = 0`,
  movedBy: 'hidden',
});

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('catalogue_counts')
    .addColumn('name', 'varchar(20)', (col) => col.primaryKey())
    .addColumn('visible', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  for (const table of TABLES) {
    await sql`insert into catalogue_counts (name, visible)
      select ${sql.lit(table)}, count(*) from ${sql.id(table)} where hidden = 0`.execute(db);
    await createCounterTriggers(db, counterOf(table));
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) await dropCounterTriggers(db, counterOf(table));
  await db.schema.dropTable('catalogue_counts').execute();
}
