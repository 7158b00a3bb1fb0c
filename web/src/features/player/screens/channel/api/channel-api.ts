import type { Channel } from '@cadenza/contracts/music';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';

export const CHANNEL_PAGE_SIZE = 30;

export function fetchChannelPage(slug: string, page: number, genre?: string) {
  return apiClient.get<{ channel: Channel }>(`channel/${encodeURIComponent(slug)}`, {
    params: { page, perPage: CHANNEL_PAGE_SIZE, genre },
  });
}

export const channelPagesQuery = (slug: string, genre?: string) =>
  infiniteQueryOptions({
    queryKey: ['music', 'channel', slug, 'pages', genre ?? null],
    queryFn: ({ pageParam }) => fetchChannelPage(slug, pageParam, genre),
    initialPageParam: 1,
    getNextPageParam: ({ channel }) =>
      channel.content && channel.content.current_page < channel.content.last_page
        ? channel.content.current_page + 1
        : undefined,
  });

/** One channel, its items loaded page by page. */
export function useChannelPages(slug: string, genre?: string) {
  return useInfiniteQuery(channelPagesQuery(slug, genre));
}
