import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Search finds users by the start of their username or names: each lowercased name gets an
 * index, so a search reads the users it finds rather than every user. On PostgreSQL
 * `text_pattern_ops` lets `like 'ana%'` read it whatever the collation.
 *
 * New releases list albums by year (none counting as 0), then release date: an index in that
 * order, read backwards, gives the first page without sorting every album.
 */
const COLUMNS = ['username', 'first_name', 'last_name'];

const indexName = (column: string) => sql.id(`users_lower_${column}_idx`);

const NEWEST = sql.id('albums_newest_idx');

export async function up(db: AnyDb): Promise<void> {
  await sql`create index ${NEWEST} on albums ((coalesce(year, 0)), release_date, id)`.execute(db);
  const ops = isPostgres(db) ? sql` text_pattern_ops` : sql``;
  for (const column of COLUMNS) {
    await sql`create index ${indexName(column)} on users (lower(${sql.id(column)})${ops})`.execute(
      db,
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index ${NEWEST}`.execute(db);
  for (const column of COLUMNS) await sql`drop index ${indexName(column)}`.execute(db);
}
