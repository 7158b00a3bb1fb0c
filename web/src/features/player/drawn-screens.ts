import { firstCallsOf, isDrawnForGuests } from '@cadenza/contracts/page-calls';
import type { QueryClient } from '@tanstack/react-query';
import { beginTakeOver, isTakingOver } from '../../ui/take-over';
import { albumQuery, type fetchAlbum } from './screens/album/api/album-api';
import { artistQuery, type fetchArtist } from './screens/artist/api/artist-api';
import { discoverQuery, type fetchChannel } from './screens/discover/api/discover-api';

/** What a fetch function's call answers. */
type AnswerOf<Fetch extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<Fetch>>;

/**
 * What a screen draws first of what it otherwise draws in two goes (`useDeferredValue`'s initial
 * value, `part`): the `whole` while a drawn page is drawn or taken over. The browser takes the
 * server's markup over in slices of its own, so the page comes drawn whole, rather than drawn
 * in part, taken over, then drawn again with the rest (the rest's cards laid out afresh, in
 * tasks that held an artist's page up for half a second on a phone).
 */
export function firstDrawOf<T>(whole: T, part: T): T {
  return isTakingOver() ? whole : part;
}

/**
 * Puts the first data of a screen the server draws for guests (see `isDrawnForGuests`) in the
 * cache, from the answers the page came with, so the screen draws with it at once: on the
 * server for the page's markup, and in the browser before its copy takes that markup over
 * (both must draw the same). `answerTo` gives the answer to a first call's URL. False, with
 * nothing put, when the page is not drawn or holds no answer to its call.
 */
export function seedDrawnScreen(
  client: QueryClient,
  pathname: string,
  answerTo: (url: string) => unknown,
): boolean {
  if (!isDrawnForGuests(pathname)) return false;
  const [url] = firstCallsOf(pathname);
  const answer = url === undefined ? undefined : answerTo(url);
  if (answer === undefined) return false;
  const [, screen, id] = pathname.split('/');
  switch (screen) {
    case 'discover':
      client.setQueryData(discoverQuery().queryKey, answer as AnswerOf<typeof fetchChannel>);
      break;
    case 'artist':
      client.setQueryData(artistQuery(Number(id)).queryKey, {
        pages: [answer as AnswerOf<typeof fetchArtist>],
        pageParams: [1],
      });
      break;
    case 'album':
      client.setQueryData(albumQuery(Number(id)).queryKey, answer as AnswerOf<typeof fetchAlbum>);
      break;
    default:
      return false;
  }
  beginTakeOver();
  return true;
}
