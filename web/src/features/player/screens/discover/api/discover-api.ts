import type { Channel } from '@cadenza/contracts/music';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';

export function fetchChannel(slug: string, params: { page?: number; perPage?: number } = {}) {
  return apiClient.get<{ channel: Channel }>(`channel/${encodeURIComponent(slug)}`, { params });
}

export const discoverQuery = () =>
  queryOptions({
    queryKey: ['music', 'channel', 'discover'],
    queryFn: () => fetchChannel('discover'),
  });

/** The discover channel: a channel of channels, each resolved with its first page. */
export function useDiscover() {
  return useQuery(discoverQuery());
}
