import type { SearchResults, SearchType } from '@cadenza/contracts/music';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';

export function fetchSearch(query: string, types: readonly SearchType[], page = 1, perPage = 10) {
  return apiClient.get<SearchResults>('search', {
    params: { query, types: types.join(','), page, perPage },
  });
}

/** How many of each type the 'All' tab shows. */
export const SEARCH_ALL_PAGE_SIZE = 6;

/** Top matches of every type, for the 'All' tab and the header dropdown. */
export const searchAllQuery = (query: string, perPage: number) =>
  queryOptions({
    queryKey: ['music', 'search', query, 'all', perPage],
    queryFn: () =>
      fetchSearch(query, ['tracks', 'artists', 'albums', 'playlists', 'users'], 1, perPage),
  });

export function useSearchAll(query: string, perPage: number, enabled = true) {
  return useQuery({
    ...searchAllQuery(query, perPage),
    enabled: enabled && query.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export const SEARCH_PAGE_SIZE = 20;

/** Matches of one type, page by page, for a tab. */
export const searchTypeQuery = (query: string, type: SearchType) =>
  infiniteQueryOptions({
    queryKey: ['music', 'search', query, type],
    queryFn: ({ pageParam }) => fetchSearch(query, [type], pageParam, SEARCH_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last: SearchResults) => {
      const page = last.results[type];
      return page && page.current_page < page.last_page ? page.current_page + 1 : undefined;
    },
  });

export function useSearchType(query: string, type: SearchType) {
  return useInfiniteQuery(searchTypeQuery(query, type));
}
