import type { RouteObject } from 'react-router';

/**
 * The paths the web player owns (the spec's `/*` catch-all). Only these reach the player;
 * every other unknown path draws the not-found page. The music feature adds its screens here,
 * as children of the player layout, so the player bar survives navigation between them.
 */
export const PLAYER_PATHS = [
  'discover',
  'genres',
  'genre/*',
  'top-50',
  'new-releases',
  'library/*',
  'album/*',
  'track/*',
  'playlist/*',
  'artist/*',
  'user/*',
  'search/*',
  'channel/*',
  'radio-stations',
] as const;

/** Until the music screens exist, the player layout alone answers these paths. */
function NoScreenYet() {
  return null;
}

/** A screen's route module, fetched the first time one of its paths opens. */
const screen =
  <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  async () => ({ Component: (await load())[name] as React.ComponentType });

const discover = screen(() => import('./screens/discover/discover-screen'), 'DiscoverScreen');
const channel = screen(() => import('./screens/channel/channel-screen'), 'ChannelScreen');
const artist = screen(() => import('./screens/artist/artist-screen'), 'ArtistScreen');
const album = screen(() => import('./screens/album/album-screen'), 'AlbumScreen');
const track = screen(() => import('./screens/track/track-screen'), 'TrackScreen');
const genres = screen(() => import('./screens/genres/genres-screen'), 'GenresScreen');
const genre = screen(() => import('./screens/genre/genre-screen'), 'GenreScreen');
const top50 = screen(() => import('./screens/top-50/top-50-screen'), 'Top50Screen');
const newReleases = screen(
  () => import('./screens/new-releases/new-releases-screen'),
  'NewReleasesScreen',
);
const library = screen(() => import('./screens/library/library-screen'), 'LibraryScreen');
const playlist = screen(() => import('./screens/playlist/playlist-screen'), 'PlaylistScreen');
const userProfile = screen(
  () => import('./screens/user-profile/user-profile-screen'),
  'UserProfileScreen',
);
const radioStations = screen(
  () => import('./screens/radio-stations/radio-stations-screen'),
  'RadioStationsScreen',
);
const search = screen(() => import('./screens/search/search-screen'), 'SearchScreen');

/** One screen at each of its paths; most answer with and without the readable slug. */
const at = (lazy: RouteObject['lazy'], ...paths: string[]): RouteObject[] =>
  paths.map((path) => ({ path, lazy }));

/** The music screens; more specific than the paths above, so they win where they match. */
const SCREEN_ROUTES: RouteObject[] = [
  ...at(discover, 'discover'),
  ...at(channel, 'channel/:slug'),
  ...at(artist, 'artist/:id', 'artist/:id/:slug'),
  ...at(album, 'album/:id', 'album/:id/:artistSlug/:albumSlug'),
  ...at(track, 'track/:id', 'track/:id/:slug'),
  ...at(genres, 'genres'),
  ...at(genre, 'genre/:name'),
  ...at(top50, 'top-50'),
  ...at(newReleases, 'new-releases'),
  ...at(library, 'library', 'library/:tab'),
  ...at(playlist, 'playlist/:id', 'playlist/:id/:slug'),
  ...at(userProfile, 'user/:id', 'user/:id/:slug'),
  ...at(search, 'search/:query', 'search/:query/:tab'),
  ...at(radioStations, 'radio-stations'),
];

const SCREEN_PATHS = new Set(SCREEN_ROUTES.map((route) => route.path));

export const playerRoutes: RouteObject[] = [
  ...SCREEN_ROUTES,
  ...PLAYER_PATHS.filter((path) => !SCREEN_PATHS.has(path)).map((path) => ({
    path,
    Component: NoScreenYet,
  })),
];
