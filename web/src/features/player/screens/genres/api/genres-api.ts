import type { Genre } from '@cadenza/contracts/music';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';
import { nextPage, type Page } from '../../common/api/pagination';

export const fetchGenres = (page: number) =>
  apiClient.get<{ pagination: Page<Genre> }>('genres', { params: { page, perPage: 50 } });

export const genresQuery = () =>
  infiniteQueryOptions({
    queryKey: ['music', 'genres'],
    queryFn: ({ pageParam }) => fetchGenres(pageParam),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) => nextPage(pagination),
  });

export function useGenres() {
  return useInfiniteQuery(genresQuery());
}
