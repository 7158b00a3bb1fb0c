import type { SearchResults, SearchType } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { CatalogueService, Viewer } from '../catalogue/catalogue.service.js';
import { pageWindow, paginated, type PageRequest } from '../pagination.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import { publicUserRef } from '../public-user.js';
import * as repo from './search.repo.js';
import type { SearchedTable } from './search.repo.js';

export type SearchService = ReturnType<typeof createSearchService>;

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

const TABLE_OF: Record<Exclude<SearchType, 'users'>, SearchedTable> = {
  tracks: 'tracks',
  artists: 'artists',
  albums: 'albums',
  playlists: 'playlists',
};

/**
 * One search over both databases: SQLite FTS5 or PostgreSQL full-text search for prefix
 * matches, ranked by relevance then popularity; when that finds nothing, a typo-tolerant pass
 * (trigram candidates checked by edit distance on SQLite, pg_trgm word similarity on PostgreSQL).
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

  async function ids(
    table: SearchedTable,
    tokens: string[],
    page: PageRequest,
  ): Promise<repo.IdPage> {
    const phrase = tokens.join(' ');
    const window = pageWindow(page);
    if (dialect === 'postgres') {
      const found = await repo.postgresPrefixSearch(db, table, tokens, window);
      if (found.total > 0) return found;
      trgmSchema ??= repo.trigramSchema(db).catch(() => null);
      const schema = await trgmSchema;
      return schema
        ? repo.postgresSimilarSearch(db, schema, table, phrase, window)
        : { ids: [], total: 0 };
    }
    const found = await repo.sqlitePrefixSearch(db, table, tokens, window);
    if (found.total > 0) return found;
    const candidates = await repo.sqliteTrigramCandidates(db, table, trigramsOf(tokens), 300);
    const limitDistance = allowedTypos(phrase);
    const close = candidates
      .map((c) => ({ ...c, distance: typoDistance(tokens, c.name) }))
      .filter((c) => c.distance <= limitDistance)
      .sort((a, b) => a.distance - b.distance || b.popularity - a.popularity || a.id - b.id);
    return {
      ids: close.slice(window.offset, window.offset + window.limit).map((c) => c.id),
      total: close.length,
    };
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
      await Promise.all(
        [...wanted].map(async (type) => {
          if (type === 'users') {
            const { rows, total } = await repo.searchUsers(db, tokens, pageWindow(page));
            results.users = paginated(rows.map(publicUserRef), total, page);
            return;
          }
          const { ids: found, total } = await ids(TABLE_OF[type], tokens, page);
          if (type === 'tracks')
            results.tracks = paginated(await catalogue.tracksByIds(found, viewer), total, page);
          if (type === 'albums')
            results.albums = paginated(await catalogue.albumsByIds(found, viewer), total, page);
          if (type === 'artists')
            results.artists = paginated(await catalogue.artistsByIds(found, viewer), total, page);
          if (type === 'playlists')
            results.playlists = paginated(await playlists.byIds(found, viewer), total, page);
        }),
      );
      return { query, results };
    },
  };
}
