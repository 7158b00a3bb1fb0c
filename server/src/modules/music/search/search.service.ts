import type { SearchResults, SearchType } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { CatalogueService, Viewer } from '../catalogue/catalogue.service.js';
import { pageWindow, paginated, type PageRequest } from '../pagination.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import { publicUserRef } from '../public-user.js';
import * as repo from './search.repo.js';
import type { SearchedTable, SearchWindow } from './search.repo.js';

export type SearchService = ReturnType<typeof createSearchService>;

/**
 * The last page of matches a search serves. Totals count no further than these pages hold:
 * nobody pages past them, and counting every match of a one-letter query would cost more than
 * finding the page.
 */
export const SEARCH_LAST_PAGE = 100;

/** Words of a query: letters and digits only, so nothing reaches a query parser unescaped. */
export function queryTokens(query: string): string[] {
  return (
    query
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .map((token) => token.slice(0, 40))
    .slice(0, 8);
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * How far a name is from the query, comparing the query with every run of as many words of
 * the name (so 'beatls' is near 'The Beatles'). Lower is closer.
 */
export function typoDistance(queryWords: string[], name: string): number {
  const words = queryTokens(name);
  const phrase = queryWords.join(' ');
  let best = levenshtein(phrase, words.join(' '));
  for (let i = 0; i + queryWords.length <= words.length; i++) {
    best = Math.min(best, levenshtein(phrase, words.slice(i, i + queryWords.length).join(' ')));
    // A word the user is still typing: compare with the same length of the name's word.
    const window = words.slice(i, i + queryWords.length).join(' ');
    best = Math.min(best, levenshtein(phrase, window.slice(0, phrase.length)));
  }
  return best;
}

export const allowedTypos = (phrase: string) =>
  phrase.length <= 4 ? 1 : phrase.length <= 8 ? 2 : 3;

function trigramsOf(tokens: string[]): string[] {
  const grams = new Set<string>();
  for (const token of tokens)
    for (let i = 0; i + 3 <= token.length; i++) grams.add(token.slice(i, i + 3));
  return [...grams].slice(0, 40);
}

type CatalogueType = Exclude<SearchType, 'users'>;

const TABLE_OF: Record<CatalogueType, SearchedTable> = {
  tracks: 'tracks',
  artists: 'artists',
  albums: 'albums',
  playlists: 'playlists',
};

/**
 * One search over both databases: SQLite FTS5 or PostgreSQL full-text search for prefix
 * matches, ranked by relevance then popularity; when no type finds anything that way, a
 * typo-tolerant pass (trigram candidates checked by edit distance on SQLite, pg_trgm word
 * similarity on PostgreSQL). Words that matched one type are not typos, so the other types skip
 * that slower pass: "miles so what" finds a track and does not go looking for similar artists.
 */
export function createSearchService({
  db,
  dialect,
  catalogue,
  playlists,
}: {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  catalogue: CatalogueService;
  playlists: PlaylistsService;
}) {
  let trgmSchema: Promise<string | null> | undefined;

  function prefixIds(table: SearchedTable, tokens: string[], window: SearchWindow) {
    return dialect === 'postgres'
      ? repo.postgresPrefixSearch(db, table, tokens, window)
      : repo.sqlitePrefixSearch(db, table, tokens, window);
  }

  async function similarIds(
    table: SearchedTable,
    tokens: string[],
    window: SearchWindow,
  ): Promise<repo.IdPage> {
    const phrase = tokens.join(' ');
    if (dialect === 'postgres') {
      trgmSchema ??= repo.trigramSchema(db).catch(() => null);
      const schema = await trgmSchema;
      return schema
        ? repo.postgresSimilarSearch(db, schema, table, phrase, window)
        : { ids: [], total: 0 };
    }
    const candidates = await repo.sqliteTrigramCandidates(db, table, trigramsOf(tokens), 300);
    const limitDistance = allowedTypos(phrase);
    const close = candidates
      .map((c) => ({ ...c, distance: typoDistance(tokens, c.name) }))
      .filter((c) => c.distance <= limitDistance)
      .sort((a, b) => a.distance - b.distance || b.popularity - a.popularity || a.id - b.id);
    return {
      ids: close.slice(window.offset, window.offset + window.limit).map((c) => c.id),
      total: Math.min(close.length, window.maxTotal),
    };
  }

  async function catalogueIds(types: CatalogueType[], tokens: string[], window: SearchWindow) {
    const exact = await Promise.all(types.map((type) => prefixIds(TABLE_OF[type], tokens, window)));
    if (exact.some((found) => found.total > 0)) return exact;
    return Promise.all(types.map((type) => similarIds(TABLE_OF[type], tokens, window)));
  }

  return {
    async search(
      query: string,
      types: SearchType[],
      page: PageRequest,
      viewer: Viewer,
    ): Promise<SearchResults> {
      const tokens = queryTokens(query);
      const results: SearchResults['results'] = {};
      const wanted = new Set(types);
      if (tokens.length === 0) {
        for (const type of wanted) results[type] = paginated([], 0, page);
        return { query, results };
      }
      const window = { ...pageWindow(page), maxTotal: SEARCH_LAST_PAGE * page.perPage };
      const catalogueTypes = [...wanted].filter((type): type is CatalogueType => type !== 'users');
      const [users, found] = await Promise.all([
        wanted.has('users') ? repo.searchUsers(db, dialect, tokens, window) : undefined,
        catalogueIds(catalogueTypes, tokens, window),
      ]);
      if (users) results.users = paginated(users.rows.map(publicUserRef), users.total, page);
      await Promise.all(
        catalogueTypes.map(async (type, i) => {
          const { ids, total } = found[i]!;
          if (type === 'tracks')
            results.tracks = paginated(await catalogue.tracksByIds(ids, viewer), total, page);
          if (type === 'albums')
            results.albums = paginated(await catalogue.albumsByIds(ids, viewer), total, page);
          if (type === 'artists')
            results.artists = paginated(await catalogue.artistsByIds(ids, viewer), total, page);
          if (type === 'playlists')
            results.playlists = paginated(await playlists.byIds(ids, viewer), total, page);
        }),
      );
      return { query, results };
    },
  };
}
