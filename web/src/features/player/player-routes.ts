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
] as const;

/** Until the music screens exist, the player layout alone answers these paths. */
function NoScreenYet() {
  return null;
}

export const playerRoutes: RouteObject[] = PLAYER_PATHS.map((path) => ({
  path,
  Component: NoScreenYet,
}));
