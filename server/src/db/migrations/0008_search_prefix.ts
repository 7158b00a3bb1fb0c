import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Search reads its best matches, names equal to the query or starting with it, from an index on
 * the lowercased name, in popularity order, instead of ranking every word match. On SQLite the
 * popularity rides in the index where the table has one, so ranking a common prefix reads no
 * rows; on PostgreSQL `text_pattern_ops` lets `like 'so%'` read the index whatever the collation.
 */
const NAME_INDEXES: { table: string; sqliteExtra: string }[] = [
  { table: 'tracks', sqliteExtra: ', plays' },
  { table: 'artists', sqliteExtra: ', plays' },
  { table: 'albums', sqliteExtra: ', plays' },
  { table: 'playlists', sqliteExtra: '' },
];

const indexName = (table: string) => sql.id(`${table}_lower_name_idx`);

export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  for (const { table, sqliteExtra } of NAME_INDEXES) {
    const columns = pg ? 'lower(name) text_pattern_ops' : `lower(name)${sqliteExtra}`;
    await sql`create index ${indexName(table)} on ${sql.id(table)} (${sql.raw(columns)})`.execute(
      db,
    );
    if (pg) await analyzeNames(db, table);
  }
  if (!pg) await sqliteTrackWords(db, '1 2 3');
}

export async function down(db: AnyDb): Promise<void> {
  for (const { table } of NAME_INDEXES) await sql`drop index ${indexName(table)}`.execute(db);
  if (!isPostgres(db)) await sqliteTrackWords(db, '2 3');
}

/**
 * PostgreSQL reads the names starting with a common prefix in popularity order and those
 * starting with a rare one by name, knowing which from the statistics of the new index. Among
 * many tracks, finer statistics than the default tell the two apart; the smaller tables do
 * without, and plan faster. An analysis in the transaction that set the target does not see it
 * yet, hence the transaction's default too.
 */
async function analyzeNames(db: AnyDb, table: string): Promise<void> {
  if (table !== 'tracks') {
    await sql`analyze ${sql.id(table)}`.execute(db);
    return;
  }
  await sql`alter index ${indexName(table)} alter column 1 set statistics 1000`.execute(db);
  await sql`set local default_statistics_target = 1000`.execute(db);
  await sql`analyze ${sql.id(table)}`.execute(db);
  await sql`set local default_statistics_target to default`.execute(db);
}

/**
 * Builds the SQLite track word index again with prefix indexes of the given lengths: one letter
 * too, so that a one-letter query does not merge the lists of every word starting with it. The
 * triggers that keep the index refer to it by name and stay.
 */
async function sqliteTrackWords(db: AnyDb, prefixes: string): Promise<void> {
  await sql`create temp table tracks_fts_copy as
    select rowid as id, name, artists, album from tracks_fts`.execute(db);
  await sql`drop table tracks_fts`.execute(db);
  await sql`create virtual table tracks_fts using fts5(name, artists, album,
    tokenize = 'unicode61 remove_diacritics 2', prefix = ${sql.lit(prefixes)})`.execute(db);
  await sql`insert into tracks_fts (rowid, name, artists, album)
    select id, name, artists, album from tracks_fts_copy`.execute(db);
  await sql`drop table tracks_fts_copy`.execute(db);
}
