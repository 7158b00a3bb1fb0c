import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Executor } from '../catalogue/catalogue.repo.js';

export type SearchedTable = 'artists' | 'albums' | 'tracks' | 'playlists';

/** Popularity breaks ties between equally relevant matches. Fixed SQL, no input. */
const POPULARITY: Record<SearchedTable, RawBuilder<unknown>> = {
  artists: sql`t.plays desc, (select count(*) from follows f where f.followable_type = 'artist' and f.followable_id = t.id) desc`,
  albums: sql`t.plays desc`,
  tracks: sql`t.plays desc`,
  playlists: sql`(select count(*) from playlist_followers pf where pf.playlist_id = t.id) desc`,
};

/** Rows a search may return, where a table hides some. Fixed SQL, no input. */
const HIDDEN_UNLESS: Partial<Record<SearchedTable, RawBuilder<unknown>>> = {
  playlists: sql`t.public = 1`,
};
const visible = (table: SearchedTable) => HIDDEN_UNLESS[table] ?? sql`1 = 1`;

function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Relevance of a name: exact first, then names starting with the query, then any word. */
function nameRelevance(phrase: string, anyWord: RawBuilder<unknown> = sql`1`) {
  return sql`case when lower(t.name) = ${phrase} then 3 when lower(t.name) like ${likePrefix(phrase)} escape '\\' then 2 else ${anyWord} end desc`;
}

export interface IdPage {
  ids: number[];
  total: number;
}

type Window = { limit: number; offset: number };

/**
 * A page of ids and the number of matches. `matches` is the `from … where` part, with the
 * searched table as `t`; `counted` is a cheaper `from … where` for the same rows, if any.
 */
async function pageOf(
  db: Executor,
  matches: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  page: Window,
  counted = matches,
): Promise<IdPage> {
  const { rows } = await sql<{ id: number }>`
    select t.id ${matches}
    order by ${order}, t.id limit ${page.limit} offset ${page.offset}`.execute(db);
  const ids = rows.map((r) => r.id);
  // A first page with room to spare already holds every match.
  if (page.offset === 0 && ids.length < page.limit) return { ids, total: ids.length };
  const count = await sql<{ count: number }>`select count(*) as count ${counted}`.execute(db);
  return { ids, total: Number(count.rows[0]?.count ?? 0) };
}

/** FTS5 query: every token as a word prefix, in the given columns or in any. */
function ftsQuery(tokens: string[], columns?: string[]): string {
  const filter = columns ? `{${columns.join(' ')}} : ` : '';
  return tokens.map((token) => `${filter}"${token}"*`).join(' ');
}

/**
 * SQLite: FTS5 word index with prefix queries (`beatl*`). Tokens hold letters and digits only.
 * Tracks are indexed with their artists and album; those found by title and artists alone come
 * before those that needed the album's name.
 */
export async function sqlitePrefixSearch(
  db: Executor,
  table: SearchedTable,
  tokens: string[],
  page: Window,
): Promise<IdPage> {
  const fts = sql.table(`${table}_fts`);
  const query = ftsQuery(tokens);
  const phrase = tokens.join(' ');
  const byTitleAndArtists = ftsQuery(tokens, ['name', 'artists']);
  const anyWord =
    table === 'tracks'
      ? sql`case when t.id in (select rowid from ${fts} where ${fts} match ${byTitleAndArtists}) then 1 else 0 end`
      : undefined;
  return pageOf(
    db,
    sql`from ${fts} join ${sql.table(table)} t on t.id = ${fts}.rowid
      where ${fts} match ${query} and ${visible(table)}`,
    sql`${nameRelevance(phrase, anyWord)}, ${POPULARITY[table]}`,
    page,
    // Where every row is visible, the word index alone counts the matches.
    HIDDEN_UNLESS[table] ? undefined : sql`from ${fts} where ${fts} match ${query}`,
  );
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
    where ${visible(table)}`.execute(db);
  return result.rows.map((r) => ({ ...r, popularity: Number(r.popularity) }));
}

/** PostgreSQL tsquery: every token as a word prefix, in words of the given weights or any. */
function tsQuery(tokens: string[], weights = ''): string {
  return tokens.map((token) => `${token}:*${weights}`).join(' & ');
}

/**
 * PostgreSQL: full-text search with prefix terms, on `to_tsvector('simple', name)` or, for
 * tracks, on the `tracks_search` documents where title, artists and album carry weights A, B, C.
 * Tracks found by title and artists alone come before those that needed the album's name.
 */
export async function postgresPrefixSearch(
  db: Executor,
  table: SearchedTable,
  tokens: string[],
  page: Window,
): Promise<IdPage> {
  const query = sql`to_tsquery('simple', ${tsQuery(tokens)})`;
  const phrase = tokens.join(' ');
  if (table === 'tracks') {
    const byTitleAndArtists = sql`to_tsquery('simple', ${tsQuery(tokens, 'AB')})`;
    return pageOf(
      db,
      sql`from tracks_search t where t.document @@ ${query}`,
      sql`${nameRelevance(phrase, sql`case when t.document @@ ${byTitleAndArtists} then 1 else 0 end`)}, ${POPULARITY.tracks}`,
      page,
    );
  }
  return pageOf(
    db,
    sql`from ${sql.table(table)} t where to_tsvector('simple', t.name) @@ ${query} and ${visible(table)}`,
    sql`${nameRelevance(phrase)}, ${POPULARITY[table]}`,
    page,
  );
}

/** The schema pg_trgm lives in, or null when the server lacks it. */
export async function trigramSchema(db: Executor): Promise<string | null> {
  const result = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return result.rows[0]?.schema ?? null;
}

const WORD_SIMILARITY_THRESHOLD = 0.45;

/**
 * PostgreSQL with pg_trgm: names similar to the query word for word, most similar first. The
 * `<%` operator, unlike the `word_similarity` function, can use the trigram index; its threshold
 * is a setting, set for this transaction only.
 */
export async function postgresSimilarSearch(
  db: Kysely<Database>,
  schema: string,
  table: SearchedTable,
  phrase: string,
  page: Window,
): Promise<IdPage> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`.execute(
      trx,
    );
    const similar = sql`${phrase} operator(${sql.id(schema)}.<%) lower(t.name)`;
    const similarity = sql`${sql.id(schema, 'word_similarity')}(${phrase}, lower(t.name))`;
    return pageOf(
      trx,
      sql`from ${sql.table(table)} t where ${similar} and ${visible(table)}`,
      sql`${similarity} desc, ${POPULARITY[table]}`,
      page,
    );
  });
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
