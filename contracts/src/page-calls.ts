/**
 * The API calls a page of the web player makes before it can draw, by the page's path and
 * query. The server answers them inside the page (as it does the bootstrap data), so the screen
 * draws without a round trip after its scripts; the web client takes each answer once, by its
 * key.
 * The calls are the ones the screens' fetch functions make (a web test holds them together).
 */

import { PROFILE_TABS, SEARCH_TYPES } from './music-constants.js';

/** The element of the page that holds the answers, keyed by {@link pageCallKey}. */
export const PAGE_CALLS_ELEMENT_ID = 'page-calls';

const API = '/api/v1';
const id = (segment: string | undefined) =>
  segment && /^[1-9]\d{0,9}$/.test(segment) ? segment : undefined;

/** The library's tabs and the calls behind them; the first is the library's own page. */
const LIBRARY_SHELVES: Record<string, string> = {
  songs: 'liked-tracks',
  albums: 'liked-albums',
  artists: 'liked-artists',
  playlists: 'playlists',
  history: 'history',
};

/** A call's URL, its query in one order, so that the page and the client name it alike. */
export function pageCallKey(url: string): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.sort();
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The first calls of the page at `pathname` with its query `search` (none for pages that are
 * not the player's).
 */
export function firstCallsOf(pathname: string, search = ''): string[] {
  const [, first, second, third] = pathname.split('/');
  const query = new URLSearchParams(search);
  const calls = (() => {
    switch (first) {
      case 'discover':
        return second === undefined ? [`${API}/channel/discover`] : [];
      case 'artist':
        return id(second) ? [`${API}/artists/${second}?albumsPage=1&albumsPerPage=12`] : [];
      case 'album':
        return id(second) ? [`${API}/albums/${second}`] : [];
      case 'track':
        return id(second) ? [`${API}/tracks/${second}`] : [];
      case 'playlist':
        return id(second)
          ? [`${API}/playlists/${second}`, `${API}/playlists/${second}/tracks?page=1&perPage=50`]
          : [];
      case 'user': {
        // The profile and the tab shown: the playlists unless the query names another.
        const named = query.get('tab');
        const tab = PROFILE_TABS.find((each) => each === named) ?? PROFILE_TABS[0];
        return id(second)
          ? [`${API}/users/${second}/profile`, `${API}/users/${second}/${tab}?page=1&perPage=24`]
          : [];
      }
      case 'channel': {
        if (!second) return [];
        const genre = query.get('genre');
        const channel = `${API}/channel/${encodeURIComponent(safeDecode(second))}?page=1&perPage=30`;
        return [genre ? `${channel}&genre=${encodeURIComponent(genre)}` : channel];
      }
      case 'top-50':
        return second === undefined ? [`${API}/tracks/top?perPage=50`] : [];
      case 'new-releases':
        return second === undefined ? [`${API}/albums/new-releases?page=1&perPage=24`] : [];
      case 'genres':
        return second === undefined ? [`${API}/genres?page=1&perPage=50`] : [];
      case 'radio-stations':
        return second === undefined ? [`${API}/radio-stations`] : [];
      case 'library': {
        // A guest's calls fail (the library is a listener's own) and are left to the screen.
        const shelf = LIBRARY_SHELVES[second ?? 'songs'];
        return shelf ? [`${API}/users/me/${shelf}?page=1&perPage=30`] : [];
      }
      case 'search': {
        // The 'All' tab's best matches of every type, or the first page of the tab's type.
        const phrase = safeDecode(second ?? '');
        if (!phrase.trim()) return [];
        const type = SEARCH_TYPES.find((each) => each === third);
        const params = new URLSearchParams({
          query: phrase,
          types: type ?? SEARCH_TYPES.join(','),
          page: '1',
          perPage: type ? '20' : '6',
        });
        return [`${API}/search?${params}`];
      }
      case 'genre':
        return second ? [`${API}/genres/${encodeURIComponent(safeDecode(second))}`] : [];
      default:
        return [];
    }
  })();
  return calls.map(pageCallKey);
}

/** The player's screens the server draws for guests, by the first segment of their paths. */
const DRAWN_SCREENS = new Set(['discover', 'artist', 'album']);

/**
 * Whether the server draws the page at `pathname` for a guest, from the answers to its first
 * calls, so it paints before its scripts run (the browser's copy then takes the markup over).
 */
export function isDrawnForGuests(pathname: string): boolean {
  return DRAWN_SCREENS.has(pathname.split('/')[1] ?? '') && firstCallsOf(pathname).length > 0;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
