import type { Album } from '@cadenza/contracts/music';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';
import { nextPage, type Page } from '../../common/api/pagination';

export const NEW_RELEASES_PAGE_SIZE = 24;

export const fetchNewReleases = (page: number) =>
  apiClient.get<{ pagination: Page<Album> }>('albums/new-releases', {
    params: { page, perPage: NEW_RELEASES_PAGE_SIZE },
  });

export const newReleasesQuery = () =>
  infiniteQueryOptions({
    queryKey: ['music', 'albums', 'new-releases'],
    queryFn: ({ pageParam }) => fetchNewReleases(pageParam),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) => nextPage(pagination),
  });

export function useNewReleases() {
  return useInfiniteQuery(newReleasesQuery());
}
