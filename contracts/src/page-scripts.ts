/**
 * The code a page of the web player runs before it can draw, beyond the app's entry: the
 * player's layout and the page's screen, named as the web build's manifest names their source
 * modules. The server has the browser fetch them beside the entry (`modulepreload`) instead of
 * once the entry has run and the router has asked for them. A web test holds these and the
 * player's routes together.
 */

export const PLAYER_LAYOUT_MODULE = 'src/features/player/web-player.tsx';

/** The screen's folder under `src/features/player/screens`, by the first segment of its paths. */
const SCREENS: Record<string, string> = {
  discover: 'discover',
  channel: 'channel',
  artist: 'artist',
  album: 'album',
  track: 'track',
  genres: 'genres',
  genre: 'genre',
  'top-50': 'top-50',
  'new-releases': 'new-releases',
  library: 'library',
  playlist: 'playlist',
  user: 'user-profile',
  search: 'search',
  'radio-stations': 'radio-stations',
};

/** The source modules the page at `pathname` runs first, beyond the entry (none off the player). */
export function firstScriptsOf(pathname: string): string[] {
  const segment = pathname.split('/')[1] ?? '';
  const name = Object.hasOwn(SCREENS, segment) ? SCREENS[segment] : undefined;
  return name
    ? [PLAYER_LAYOUT_MODULE, `src/features/player/screens/${name}/${name}-screen.tsx`]
    : [];
}
