import type { Pagination } from '@cadenza/contracts/http';
import type { Channel, ChannelContentType, SearchResults } from '@cadenza/contracts/music';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type QueryParams } from '../../../api/client';

export interface ItemRef {
  type: ChannelContentType;
  id: number;
}

export interface ChannelDraft {
  name: string;
  slug: string;
  description: string | null;
  content_type: ChannelContentType;
  layout: Channel['layout'];
  paging: Channel['paging'];
  sort: Channel['sort'];
  query: Channel['query'];
  /** The playlist id of a `playlistTracks` channel. */
  query_value: string | null;
  query_limit: number;
  items: ItemRef[];
}

const channelsKey = ['admin', 'channels'] as const;

export const useAdminChannels = (params: QueryParams) =>
  useQuery({
    queryKey: [...channelsKey, params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<Channel> }>('admin/channels', { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

export const useChannelForEditor = (id: number | null) =>
  useQuery({
    queryKey: [...channelsKey, 'editor', id],
    enabled: id !== null,
    queryFn: () =>
      apiClient.get<{
        channel: Channel;
        query_limit: number;
        query_value_name: string | null;
        items: ItemRef[];
      }>(`admin/channels/${id}`),
  });

/** A channel as visitors get it, with its first items: the editor's preview and item names. */
export const useResolvedChannel = (id: number | null, version: number) =>
  useQuery({
    queryKey: ['channel-preview', id, version],
    enabled: id !== null,
    queryFn: () =>
      apiClient
        .get<{ channel: Channel }>(`channel/${id}`, { params: { perPage: 50 } })
        .then((response) => response.channel),
  });

export function useChannelWrites() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [channelsKey, ['admin', 'audit-log'], ['channel-preview']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return {
    save: useMutation({
      mutationFn: ({ id, draft }: { id: number | null; draft: ChannelDraft }) =>
        id
          ? apiClient.put<{ channel: Channel }>(`admin/channels/${id}`, draft)
          : apiClient.post<{ channel: Channel }>('admin/channels', draft),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiClient.delete(`admin/channels/${id}`),
      onSuccess: refresh,
    }),
  };
}

/** The search types that find each content type (genres and channels are found otherwise). */
export const SEARCH_TYPE_OF: Partial<
  Record<ChannelContentType, 'tracks' | 'albums' | 'artists' | 'playlists'>
> = {
  track: 'tracks',
  album: 'albums',
  artist: 'artists',
  playlist: 'playlists',
};

/** Catalogue items of a content type whose names match, to add by hand. */
export async function findItems(
  type: ChannelContentType,
  query: string,
): Promise<{ id: number; name: string }[]> {
  if (type === 'channel') {
    const { pagination } = await apiClient.get<{ pagination: Pagination<Channel> }>(
      'admin/channels',
      { params: { perPage: 50 } },
    );
    const needle = query.toLowerCase();
    return pagination.data.filter((channel) => channel.name.toLowerCase().includes(needle));
  }
  const searchType = SEARCH_TYPE_OF[type];
  if (!searchType) return [];
  const { results } = await apiClient.get<SearchResults>('search', {
    params: { query, types: searchType, perPage: 10 },
  });
  return (results[searchType]?.data ?? []) as { id: number; name: string }[];
}
