import type { Album, Artist, Track } from '@cadenza/contracts/music';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';
import type { Page } from '../../common/api/pagination';

export type ArtistPage = Artist & { albums: Page<Album>; top_tracks: Track[]; similar: Artist[] };

export const ALBUMS_PER_PAGE = 12;

export function fetchArtist(id: number, albumsPage: number) {
  return apiClient.get<{ artist: ArtistPage }>(`artists/${id}`, {
    params: { albumsPage, albumsPerPage: ALBUMS_PER_PAGE },
  });
}

/** The artist page; further pages only add albums ('Show more'). */
export const artistQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: ['music', 'artist', id],
    queryFn: ({ pageParam }) => fetchArtist(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: ({ artist }) =>
      artist.albums.current_page < artist.albums.last_page
        ? artist.albums.current_page + 1
        : undefined,
  });

export function useArtist(id: number) {
  return useInfiniteQuery(artistQuery(id));
}
