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
] as const;

/** Until the music screens exist, the player layout alone answers these paths. */
function NoScreenYet() {
  return null;
}

const screen =
  <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  async () => ({ Component: (await load())[name] as React.ComponentType });

const discover = screen(() => import('./screens/discover/discover-screen'), 'DiscoverScreen');
const artist = screen(() => import('./screens/artist/artist-screen'), 'ArtistScreen');
const album = screen(() => import('./screens/album/album-screen'), 'AlbumScreen');
const track = screen(() => import('./screens/track/track-screen'), 'TrackScreen');
const search = screen(() => import('./screens/search/search-screen'), 'SearchScreen');
const playlist = screen(() => import('./screens/playlist/playlist-screen'), 'PlaylistScreen');
const library = screen(() => import('./screens/library/library-screen'), 'LibraryScreen');
const userProfile = screen(
  () => import('./screens/user-profile/user-profile-screen'),
  'UserProfileScreen',
);

/** The music screens; more specific than the paths above, so they win where they match. */
const SCREEN_ROUTES: RouteObject[] = [
  { path: 'discover', lazy: discover },
  {
    path: 'channel/:slug',
    lazy: screen(() => import('./screens/channel/channel-screen'), 'ChannelScreen'),
  },
  { path: 'artist/:id', lazy: artist },
  { path: 'artist/:id/:slug', lazy: artist },
  { path: 'album/:id', lazy: album },
  { path: 'album/:id/:artistSlug/:albumSlug', lazy: album },
  { path: 'track/:id', lazy: track },
  { path: 'track/:id/:slug', lazy: track },
  { path: 'genres', lazy: screen(() => import('./screens/genres/genres-screen'), 'GenresScreen') },
  {
    path: 'genre/:name',
    lazy: screen(() => import('./screens/genre/genre-screen'), 'GenreScreen'),
  },
  { path: 'top-50', lazy: screen(() => import('./screens/top-50/top-50-screen'), 'Top50Screen') },
  {
    path: 'new-releases',
    lazy: screen(() => import('./screens/new-releases/new-releases-screen'), 'NewReleasesScreen'),
  },
  { path: 'library', lazy: library },
  { path: 'library/:tab', lazy: library },
  { path: 'playlist/:id', lazy: playlist },
  { path: 'playlist/:id/:slug', lazy: playlist },
  { path: 'user/:id', lazy: userProfile },
  { path: 'user/:id/:slug', lazy: userProfile },
  { path: 'search/:query', lazy: search },
  { path: 'search/:query/:tab', lazy: search },
];

const SCREEN_PATHS = new Set(SCREEN_ROUTES.map((route) => route.path));

export const playerRoutes: RouteObject[] = [
  ...SCREEN_ROUTES,
  ...PLAYER_PATHS.filter((path) => !SCREEN_PATHS.has(path)).map((path) => ({
    path,
    Component: NoScreenYet,
  })),
];
