import type { SearchResults, SearchType } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { dataVersion } from '../../../db/data-versions.js';
import type { Database } from '../../../db/schema.js';
import { KeptWhileCurrent } from '../../../infra/kept-while-current.js';
import { PAGES_KEPT } from '../catalogue/catalogue-cache.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { Viewer } from '../actor.js';
import { assertMayListen } from '../actor.js';
import { pageWindow, paginated, type PageRequest } from '../pagination.js';
import type { PlaylistsService } from '../playlists/playlists.service.js';
import { publicUserRef } from '../public-user.js';
import { createIndexedWords } from './indexed-words.js';
import * as repo from './search.repo.js';
import type { SearchedTable, SearchWindow } from './search.repo.js';
import { closestWord, foldWord, holdsPrefix } from './typos.js';

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
 * typo-tolerant pass. On SQLite it corrects each word that no indexed word starts with to the
 * nearest indexed word, then searches again; on PostgreSQL it ranks names by pg_trgm word
 * similarity. Words that matched one type are not typos, so the other types skip that pass:
 * "miles so what" finds a track and does not go looking for similar artists.
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

  const wordsOf = dialect === 'sqlite' ? createIndexedWords(db) : undefined;

  /**
   * SQLite: the query with each word that no indexed word starts with replaced by the nearest
   * indexed word sharing its first letter. Undefined when no word needed it, or one had none near.
   */
  async function corrected(table: SearchedTable, tokens: string[]) {
    const words = await wordsOf!(table);
    const result: string[] = [];
    let changed = false;
    for (const [i, token] of tokens.entries()) {
      const word = foldWord(token);
      const indexed = await words(String.fromCodePoint(word.codePointAt(0)!));
      if (holdsPrefix(indexed, word)) {
        result.push(word);
        continue;
      }
      // The last word may be one the user is still typing.
      const nearest = closestWord(indexed, word, i === tokens.length - 1);
      if (!nearest) return undefined;
      result.push(nearest);
      changed = true;
    }
    return changed ? result : undefined;
  }

  async function similarIds(
    table: SearchedTable,
    tokens: string[],
    window: SearchWindow,
  ): Promise<repo.IdPage> {
    if (dialect === 'postgres') {
      trgmSchema ??= repo.trigramSchema(db).catch(() => null);
      const schema = await trgmSchema;
      return schema
        ? repo.postgresSimilarSearch(db, schema, table, tokens.join(' '), window)
        : { ids: [], total: 0 };
    }
    const fixed = await corrected(table, tokens);
    return fixed ? prefixIds(table, fixed, window) : { ids: [], total: 0 };
  }

  async function catalogueIds(types: CatalogueType[], tokens: string[], window: SearchWindow) {
    const exact = await Promise.all(types.map((type) => prefixIds(TABLE_OF[type], tokens, window)));
    if (exact.some((found) => found.total > 0)) return exact;
    return Promise.all(types.map((type) => similarIds(TABLE_OF[type], tokens, window)));
  }

  /** The catalogue's part of a search: its pages of tracks, albums, artists and playlists. */
  async function catalogueResults(
    types: CatalogueType[],
    tokens: string[],
    window: SearchWindow,
    page: PageRequest,
    viewer: Viewer,
  ): Promise<SearchResults['results']> {
    const found = await catalogueIds(types, tokens, window);
    const results: SearchResults['results'] = {};
    await Promise.all(
      types.map(async (type, i) => {
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
    return results;
  }

  /** Users by the query's first word, kept while no user is added, removed or renamed. */
  const keptUsers = new KeptWhileCurrent<string, Awaited<ReturnType<typeof repo.searchUsers>>>(
    PAGES_KEPT,
  );
  async function usersFound(tokens: string[], window: SearchWindow) {
    const key = `${tokens[0]}:${window.limit}:${window.offset}:${window.maxTotal}`;
    const version = await dataVersion(db, 'people');
    return keptUsers.get(key, version, () => repo.searchUsers(db, dialect, tokens, window));
  }

  return {
    async search(
      query: string,
      types: SearchType[],
      page: PageRequest,
      viewer: Viewer,
    ): Promise<SearchResults> {
      assertMayListen(viewer.actor);
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
        wanted.has('users') ? usersFound(tokens, window) : undefined,
        catalogueTypes.length === 0
          ? {}
          : catalogue.cache.page(
              `search:${catalogueTypes.join(',')}:${tokens.join(' ')}:${page.page}:${page.perPage}`,
              viewer,
              (viewer) => catalogueResults(catalogueTypes, tokens, window, page, viewer),
            ),
      ]);
      Object.assign(results, found);
      if (users) results.users = paginated(users.rows.map(publicUserRef), users.total, page);
      return { query, results };
    },
  };
}
