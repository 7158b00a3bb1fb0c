import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../catalogue/catalogue.repo.js';

export type SearchedTable = 'artists' | 'albums' | 'tracks' | 'playlists';

/** Popularity breaks ties between equally relevant matches. Fixed SQL, no input. */
const POPULARITY: Record<SearchedTable, RawBuilder<unknown>> = {
  artists: sql`t.plays desc, (select count(*) from follows f where f.followable_type = 'artist' and f.followable_id = t.id) desc`,
  albums: sql`t.plays desc`,
  tracks: sql`t.plays desc`,
  playlists: sql`(select count(*) from playlist_followers pf where pf.playlist_id = t.id) desc`,
};

const VISIBLE: Record<SearchedTable, RawBuilder<unknown>> = {
  artists: sql`1 = 1`,
  albums: sql`1 = 1`,
  tracks: sql`1 = 1`,
  playlists: sql`t.public = 1`,
};

function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Exact name first, then names starting with the query, then any word matching. */
function relevance(phrase: string) {
  return sql`case when lower(t.name) = ${phrase} then 3 when lower(t.name) like ${likePrefix(phrase)} escape '\\' then 2 else 1 end desc`;
}

export interface IdPage {
  ids: number[];
  total: number;
}

type Window = { limit: number; offset: number };

/** SQLite: FTS5 word index with prefix queries (`beatl*`). Tokens hold letters and digits only. */
export async function sqlitePrefixSearch(
  db: Executor,
  table: SearchedTable,
  tokens: string[],
  page: Window,
): Promise<IdPage> {
  const fts = sql.table(`${table}_fts`);
  const match = tokens.map((token) => `"${token}"*`).join(' ');
  const phrase = tokens.join(' ');
  const where = sql`t.id in (select rowid from ${fts} where ${fts} match ${match}) and ${VISIBLE[table]}`;
  const [rows, count] = await Promise.all([
    sql<{ id: number }>`
      select t.id from ${sql.table(table)} t where ${where}
      order by ${relevance(phrase)}, ${POPULARITY[table]}, t.id
      limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{
      count: number;
    }>`select count(*) as count from ${sql.table(table)} t where ${where}`.execute(db),
  ]);
  return { ids: rows.rows.map((r) => r.id), total: Number(count.rows[0]?.count ?? 0) };
}

/** SQLite: names sharing trigrams with the query, the candidates of the typo-tolerant pass. */
export async function sqliteTrigramCandidates(
  db: Executor,
  table: SearchedTable,
  trigrams: string[],
  limit: number,
): Promise<{ id: number; name: string; popularity: number }[]> {
  if (trigrams.length === 0) return [];
  const tri = sql.table(`${table}_tri`);
  const match = trigrams.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
  const popularity =
    table === 'playlists'
      ? sql`(select count(*) from playlist_followers pf where pf.playlist_id = t.id)`
      : sql`t.plays`;
  const result = await sql<{ id: number; name: string; popularity: number }>`
    select t.id, t.name, ${popularity} as popularity from ${sql.table(table)} t
    join (select rowid, rank from ${tri} where ${tri} match ${match} order by rank limit ${limit}) m
      on m.rowid = t.id
    where ${VISIBLE[table]}`.execute(db);
  return result.rows.map((r) => ({ ...r, popularity: Number(r.popularity) }));
}

/** PostgreSQL: full-text search on `to_tsvector('simple', name)` with prefix terms. */
export async function postgresPrefixSearch(
  db: Executor,
  table: SearchedTable,
  tokens: string[],
  page: Window,
): Promise<IdPage> {
  const query = tokens.map((token) => `${token}:*`).join(' & ');
  const phrase = tokens.join(' ');
  const where = sql`to_tsvector('simple', t.name) @@ to_tsquery('simple', ${query}) and ${VISIBLE[table]}`;
  const [rows, count] = await Promise.all([
    sql<{ id: number }>`
      select t.id from ${sql.table(table)} t where ${where}
      order by ${relevance(phrase)}, ${POPULARITY[table]}, t.id
      limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{
      count: number;
    }>`select count(*) as count from ${sql.table(table)} t where ${where}`.execute(db),
  ]);
  return { ids: rows.rows.map((r) => r.id), total: Number(count.rows[0]?.count ?? 0) };
}

/** The schema pg_trgm lives in, or null when the server lacks it. */
export async function trigramSchema(db: Executor): Promise<string | null> {
  const result = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return result.rows[0]?.schema ?? null;
}

/** PostgreSQL with pg_trgm: names similar to the query word for word, most similar first. */
export async function postgresSimilarSearch(
  db: Executor,
  schema: string,
  table: SearchedTable,
  phrase: string,
  page: Window,
): Promise<IdPage> {
  const similarity = sql`${sql.id(schema, 'word_similarity')}(${phrase}, lower(t.name))`;
  const where = sql`${similarity} >= 0.45 and ${VISIBLE[table]}`;
  const [rows, count] = await Promise.all([
    sql<{ id: number }>`
      select t.id from ${sql.table(table)} t where ${where}
      order by ${similarity} desc, ${POPULARITY[table]}, t.id
      limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{
      count: number;
    }>`select count(*) as count from ${sql.table(table)} t where ${where}`.execute(db),
  ]);
  return { ids: rows.rows.map((r) => r.id), total: Number(count.rows[0]?.count ?? 0) };
}

/** Users by the start of their username or names; e-mail addresses are never searched. */
export async function searchUsers(db: Executor, tokens: string[], page: Window) {
  const prefix = likePrefix(tokens[0]!);
  const base = db
    .selectFrom('users')
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, 'like', prefix),
        eb(sql`lower(first_name)`, 'like', prefix),
        eb(sql`lower(last_name)`, 'like', prefix),
      ]),
    );
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'username', 'first_name', 'last_name', 'avatar'])
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}
