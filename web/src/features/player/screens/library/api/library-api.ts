import type { Album, Artist, Playlist, Track } from '@cadenza/contracts/music';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';
import { nextPage, type Page } from '../../common/api/pagination';

export const LIBRARY_TABS = ['songs', 'albums', 'artists', 'playlists', 'history'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

interface LibraryItems {
  songs: Track;
  albums: Album;
  artists: Artist;
  playlists: Playlist;
  history: Track;
}

const PATHS: Record<LibraryTab, string> = {
  songs: 'users/me/liked-tracks',
  albums: 'users/me/liked-albums',
  // Following is an artist's one mark: the artists tab lists whom the listener follows.
  artists: 'users/me/followed-artists',
  playlists: 'users/me/playlists',
  history: 'users/me/history',
};

export const LIBRARY_PAGE_SIZE = 30;

export const libraryQuery = <T extends LibraryTab>(tab: T) =>
  infiniteQueryOptions({
    queryKey: ['music', 'library', tab],
    queryFn: ({ pageParam }) =>
      apiClient.get<{ pagination: Page<LibraryItems[T]> }>(PATHS[tab], {
        params: { page: pageParam, perPage: LIBRARY_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) => nextPage(pagination),
  });

/** One shelf of the signed-in user's library, page by page. */
export function useLibrary<T extends LibraryTab>(tab: T) {
  return useInfiniteQuery(libraryQuery(tab));
}
