import type { Playlist, Track } from '@cadenza/contracts/music';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';
import { nextPage, type Page } from '../../common/api/pagination';

export const PLAYLIST_PAGE_SIZE = 50;

export const fetchPlaylist = (id: number) =>
  apiClient.get<{ playlist: Playlist }>(`playlists/${id}`);

export const fetchPlaylistTracks = (id: number, page: number) =>
  apiClient.get<{ pagination: Page<Track> }>(`playlists/${id}/tracks`, {
    params: { page, perPage: PLAYLIST_PAGE_SIZE },
  });

export const playlistQuery = (id: number) =>
  queryOptions({ queryKey: ['music', 'playlist', id], queryFn: () => fetchPlaylist(id) });

export const playlistTracksQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: ['music', 'playlist', id, 'tracks'],
    queryFn: ({ pageParam }) => fetchPlaylistTracks(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) => nextPage(pagination),
  });

export function usePlaylist(id: number) {
  return useQuery(playlistQuery(id));
}

export function usePlaylistTracks(id: number) {
  return useInfiniteQuery(playlistTracksQuery(id));
}

/** Follow (save) or unfollow someone else's playlist. */
export function useFollowPlaylist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      apiClient.post(`playlists/${id}/${follow ? 'follow' : 'unfollow'}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['music', 'playlist', id] }),
  });
}
