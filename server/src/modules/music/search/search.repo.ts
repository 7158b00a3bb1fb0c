import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Executor } from '../catalogue/catalogue.repo.js';

export type SearchedTable = 'artists' | 'albums' | 'tracks' | 'playlists';

/** Popularity breaks ties between equally relevant matches, highest first. Fixed SQL, no input. */
const POPULARITY: Record<SearchedTable, RawBuilder<unknown>[]> = {
  artists: [
    sql`t.plays`,
    sql`(select count(*) from follows f where f.followable_type = 'artist' and f.followable_id = t.id)`,
  ],
  albums: [sql`t.plays`],
  tracks: [sql`t.plays`],
  playlists: [sql`(select count(*) from playlist_followers pf where pf.playlist_id = t.id)`],
};

/** Rows a search may return, where a table hides some. Fixed SQL, no input. */
const HIDDEN_UNLESS: Partial<Record<SearchedTable, RawBuilder<unknown>>> = {
  playlists: sql`t.public = 1`,
};
const visible = (table: SearchedTable) => HIDDEN_UNLESS[table] ?? sql`1 = 1`;

function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface IdPage {
  ids: number[];
  total: number;
}

/** The rows of a page, and how many matches to count at most. */
export interface SearchWindow {
  limit: number;
  offset: number;
  maxTotal: number;
}

/**
 * A page of ids and the number of matches, counted up to `page.maxTotal`. `levels` are
 * `from … where` parts over the searched table as `t`, best first, that hold every match once;
 * each ranks its rows by `ranks`, highest first, then by id. One query reads them, each level
 * taking only the room the better ones left: a level left none is not read at all, so the first
 * letters of a query rank one page of matches instead of all of them. `matches` is a
 * `from … where` part for every match, to count them.
 */
async function pageOf(
  db: Executor,
  levels: RawBuilder<unknown>[],
  ranks: RawBuilder<unknown>[],
  page: SearchWindow,
  matches: RawBuilder<unknown>,
): Promise<IdPage> {
  const wanted = page.offset + page.limit;
  // The limits are written into the text: a bound one would have SQLite prepare these long
  // statements again on every run (see `db/literal-limits.ts`).
  const rankNames = ranks.map((_, i) => sql.id(`rank${i}`));
  const columns = sql.join(ranks.map((rank, i) => sql`${rank} as ${rankNames[i]}`));
  const order = sql.join([...rankNames.map((name) => sql`${name} desc`), sql`id`]);
  const names = levels.map((_, i) => sql.id(`level${i}`));
  const room = (i: number) =>
    sql.join(
      [sql.lit(wanted), ...names.slice(0, i).map((name) => sql`(select count(*) from ${name})`)],
      sql` - `,
    );
  const steps = levels.map(
    (level, i) => sql`${names[i]} as (select t.id, ${sql.lit(i)} as level, ${columns} ${level}
      order by ${order} limit ${room(i)})`,
  );
  const ranked = sql.join(
    names.map((name) => sql`select * from ${name}`),
    sql` union all `,
  );
  const { rows } = await sql<{ id: number; found: number }>`
    with ${sql.join(steps)}
    select id, count(*) over () as found from (${ranked}) ranked
    order by level, ${order} limit ${sql.lit(page.limit)} offset ${page.offset}`.execute(db);
  const ids = rows.map((r) => r.id);
  // Levels that ran out before the page was full held every match; a page past the last has
  // no row to tell how many there were.
  const found = Number(rows[0]?.found ?? 0);
  if (found < wanted && (ids.length > 0 || page.offset === 0)) return { ids, total: found };
  const count = await sql<{ count: number }>`
    select count(*) as count from (select 1 as one ${matches} limit ${sql.lit(page.maxTotal)}) m`.execute(
    db,
  );
  return { ids, total: Number(count.rows[0]?.count ?? 0) };
}

/**
 * The best matches: names equal to the query, then names starting with it. A name that starts
 * with the query holds its words, so the word index need not confirm these.
 */
function nameLevels(table: SearchedTable, phrase: string, startsWith: RawBuilder<unknown>) {
  const named = (condition: RawBuilder<unknown>) =>
    sql`from ${sql.table(table)} t where ${condition} and ${visible(table)}`;
  return [
    named(sql`lower(t.name) = ${phrase}`),
    named(sql`${startsWith} and lower(t.name) <> ${phrase}`),
  ];
}

/** FTS5 query: every token as a word prefix, in the given columns or in any. */
function ftsQuery(tokens: string[], columns?: string[]): string {
  const filter = columns ? `{${columns.join(' ')}} : ` : '';
  return tokens.map((token) => `${filter}"${token}"*`).join(' ');
}

/**
 * SQLite: lowercased names starting with `phrase`, as a range the index on `lower(name)` reads
 * (`like` reads no index on an expression). Text compares as UTF-8 bytes, in code point order,
 * so the range ends where the phrase's last character is one code point further.
 */
function sqliteStartsWith(phrase: string, value: RawBuilder<unknown> = sql`lower(t.name)`) {
  const chars = [...phrase];
  const last = chars.pop()!;
  const after = chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
  return sql<boolean>`${value} >= ${phrase} and ${value} < ${after}`;
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
  page: SearchWindow,
): Promise<IdPage> {
  const fts = sql.table(`${table}_fts`);
  const phrase = tokens.join(' ');
  const startsWith = sqliteStartsWith(phrase);
  const matching = (query: string) =>
    sql`from ${fts} join ${sql.table(table)} t on t.id = ${fts}.rowid
      where ${fts} match ${query} and ${visible(table)}`;
  const otherWords = (query: string) => sql`${matching(query)} and not (${startsWith})`;
  const query = ftsQuery(tokens);
  const byTitleAndArtists = ftsQuery(tokens, ['name', 'artists']);
  const wordLevels =
    table === 'tracks'
      ? [otherWords(byTitleAndArtists), otherWords(`(${query}) NOT (${byTitleAndArtists})`)]
      : [otherWords(query)];
  return pageOf(
    db,
    [...nameLevels(table, phrase, startsWith), ...wordLevels],
    POPULARITY[table],
    page,
    // Where every row is visible, the word index alone counts the matches.
    HIDDEN_UNLESS[table] ? matching(query) : sql`from ${fts} where ${fts} match ${query}`,
  );
}

/**
 * SQLite: the state of a table's word index, as its structure record (a few bytes that every
 * write to the index changes).
 */
export async function sqliteWordIndexState(db: Executor, table: SearchedTable): Promise<string> {
  const { rows } = await sql<{ block: Uint8Array | null }>`
    select block from ${sql.table(`${table}_fts_data`)} where id = 10`.execute(db);
  const block = rows[0]?.block;
  return block ? Buffer.from(block).toString('base64') : '';
}

/** SQLite: the words of a table's word index from `from` up to `to`, and the rows holding each. */
export async function sqliteWordsBetween(
  db: Executor,
  table: SearchedTable,
  from: string,
  to: string,
): Promise<{ term: string; docs: number }[]> {
  const words = sql.table(`${table}_fts_words`);
  const { rows } = await sql<{ term: string; docs: number }>`
    select term, doc as docs from ${words} where term >= ${from} and term < ${to}`.execute(db);
  return rows;
}

/** PostgreSQL tsquery: every token as a word prefix, in words of the given weights or any. */
function tsQuery(tokens: string[], weights = ''): string {
  return tokens.map((token) => `${token}:*${weights}`).join(' & ');
}

/**
 * PostgreSQL: full-text search with prefix terms, on `to_tsvector('simple', name)` or, for
 * tracks, on the `tracks_search` documents where title, artists and album carry weights A, B, C.
 * Tracks found by title and artists alone come before those that needed the album's name. Names
 * starting with the query are read from the searched table itself, whose `lower(name)` index
 * `like` reads.
 */
export async function postgresPrefixSearch(
  db: Executor,
  table: SearchedTable,
  tokens: string[],
  page: SearchWindow,
): Promise<IdPage> {
  const query = sql`to_tsquery('simple', ${tsQuery(tokens)})`;
  const phrase = tokens.join(' ');
  const startsWith = sql`lower(t.name) like ${likePrefix(phrase)} escape '\\'`;
  const levels = nameLevels(table, phrase, startsWith);
  if (table === 'tracks') {
    const matching = sql`from tracks_search t where t.document @@ ${query}`;
    const byTitleAndArtists = sql`t.document @@ to_tsquery('simple', ${tsQuery(tokens, 'AB')})`;
    return pageOf(
      db,
      [
        ...levels,
        sql`from tracks_search t where ${byTitleAndArtists} and not (${startsWith})`,
        sql`${matching} and not (${byTitleAndArtists}) and not (${startsWith})`,
      ],
      POPULARITY.tracks,
      page,
      matching,
    );
  }
  const matching = sql`from ${sql.table(table)} t
    where to_tsvector('simple', t.name) @@ ${query} and ${visible(table)}`;
  return pageOf(
    db,
    [...levels, sql`${matching} and not (${startsWith})`],
    POPULARITY[table],
    page,
    matching,
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
  page: SearchWindow,
): Promise<IdPage> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`.execute(
      trx,
    );
    const similar = sql`${phrase} operator(${sql.id(schema)}.<%) lower(t.name)`;
    const similarity = sql`${sql.id(schema, 'word_similarity')}(${phrase}, lower(t.name))`;
    const matching = sql`from ${sql.table(table)} t where ${similar} and ${visible(table)}`;
    return pageOf(trx, [matching], [similarity, ...POPULARITY[table]], page, matching);
  });
}

/** Users by the start of their username or names; e-mail addresses are never searched. */
export async function searchUsers(
  db: Executor,
  dialect: 'sqlite' | 'postgres',
  tokens: string[],
  page: SearchWindow,
) {
  // Each name's lowercased index is read: by a range on SQLite (whose `like` reads no index on
  // an expression), by `like` on PostgreSQL.
  const startsWith = (column: string) =>
    dialect === 'postgres'
      ? sql<boolean>`lower(${sql.ref(column)}) like ${likePrefix(tokens[0]!)} escape '\\'`
      : sqliteStartsWith(tokens[0]!, sql`lower(${sql.ref(column)})`);
  const base = db
    .selectFrom('users')
    .where((eb) =>
      eb.or([startsWith('username'), startsWith('first_name'), startsWith('last_name')]),
    );
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'username', 'first_name', 'last_name', 'avatar'])
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom(base.select('id').limit(page.maxTotal).as('found'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}
