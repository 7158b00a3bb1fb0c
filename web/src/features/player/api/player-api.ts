import type { Playlist, Track } from '@cadenza/contracts/music';
import type { Pagination } from '@cadenza/contracts/http';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import type { QueueApi, SavedQueue } from '../state/queue-sync';

// Keys start with 'music' so a like anywhere in the player refreshes them all at once.
export function currentTrackQuery(trackId: number) {
  return queryOptions({
    queryKey: ['music', 'player', 'track', trackId],
    queryFn: ({ signal }) =>
      apiClient.get<{ track: Track }>(`tracks/${trackId}`, { signal }).then((r) => r.track),
  });
}

/** The full track (with `is_liked` for a signed-in listener) of what is playing. */
export function useCurrentTrackDetails(trackId: number | null, signedIn: boolean) {
  return useQuery({
    ...currentTrackQuery(trackId ?? 0),
    enabled: trackId !== null && signedIn,
  });
}

export function setTrackLiked(trackId: number, liked: boolean) {
  const body = { likeable_type: 'track', likeable_id: trackId };
  return liked
    ? apiClient.post('users/me/liked-items', body)
    : apiClient.delete('users/me/liked-items', { body });
}

export function useSetTrackLiked(trackId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => setTrackLiked(trackId, liked),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['music'] }),
  });
}

export function myPlaylistsQuery() {
  return queryOptions({
    queryKey: ['music', 'me', 'playlists', 'sidebar'],
    queryFn: ({ signal }) =>
      apiClient
        .get<{ pagination: Pagination<Playlist> }>('users/me/playlists', {
          signal,
          params: { perPage: 50 },
        })
        .then((r) => r.pagination.data),
  });
}

/** The signed-in user's playlists for the side navigation. */
export function useMyPlaylists(signedIn: boolean) {
  return useQuery({ ...myPlaylistsQuery(), enabled: signedIn });
}

/** The signed-in listener's queue as saved on the server, where their music apps find it too. */
export const serverQueueApi: QueueApi = {
  get: () =>
    apiClient.get<{ queue: SavedQueue | null }>('me/play-queue').then((response) => response.queue),
  put: (body) => apiClient.put('me/play-queue', body),
};
