import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const SEARCHED = ['artists', 'albums', 'tracks', 'playlists'] as const;

/**
 * SQLite corrects a mistyped query word by word, against the words its word indexes hold, then
 * searches as usual: each word index gets an fts5vocab table that lists its words. The trigram
 * indexes of names, which the earlier typo pass ranked whole, go; every name change no longer
 * writes them. PostgreSQL keeps its pg_trgm indexes and changes nothing.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of SEARCHED) {
    await sql`create virtual table ${sql.id(`${table}_fts_words`)}
      using fts5vocab(${sql.id(`${table}_fts`)}, row)`.execute(db);
    for (const event of ['ai', 'ad', 'au'])
      await sql`drop trigger if exists ${sql.id(`${table}_tri_${event}`)}`.execute(db);
    await sql`drop table ${sql.id(`${table}_tri`)}`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of SEARCHED) {
    await sql`drop table ${sql.id(`${table}_fts_words`)}`.execute(db);
    const tri = sql.id(`${table}_tri`);
    await sql`create virtual table ${tri} using fts5(name, tokenize='trigram')`.execute(db);
    await sql`create trigger ${sql.id(`${table}_tri_ai`)} after insert on ${sql.id(table)} begin
      insert into ${tri}(rowid, name) values (new.id, new.name); end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_tri_ad`)} after delete on ${sql.id(table)} begin
      delete from ${tri} where rowid = old.id; end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_tri_au`)} after update of name on ${sql.id(table)} begin
      delete from ${tri} where rowid = old.id;
      insert into ${tri}(rowid, name) values (new.id, new.name); end`.execute(db);
    await sql`insert into ${tri}(rowid, name) select id, name from ${sql.id(table)}`.execute(db);
  }
}
