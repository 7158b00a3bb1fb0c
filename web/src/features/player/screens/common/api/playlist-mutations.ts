import type { Playlist, PlaylistInput } from '@cadenza/contracts/music';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';

// Every playlist list (side navigation, library, the playlist itself) lives under this key.
const refreshPlaylists = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['music'] });

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaylistInput) =>
      apiClient.post<{ playlist: Playlist }>('playlists', input).then((r) => r.playlist),
    onSuccess: () => refreshPlaylists(queryClient),
  });
}

export function useUpdatePlaylist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaylistInput) =>
      apiClient.put<{ playlist: Playlist }>(`playlists/${id}`, input).then((r) => r.playlist),
    onSuccess: () => refreshPlaylists(queryClient),
  });
}

export function useDeletePlaylist(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete(`playlists/${id}`),
    onSuccess: () => refreshPlaylists(queryClient),
  });
}

export function useAddToPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playlistId, trackIds }: { playlistId: number; trackIds: number[] }) =>
      apiClient.post(`playlists/${playlistId}/tracks`, { trackIds }),
    onSuccess: () => refreshPlaylists(queryClient),
  });
}

export function useRemoveFromPlaylist(playlistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackIds: number[]) =>
      apiClient.delete(`playlists/${playlistId}/tracks`, { body: { trackIds } }),
    onSuccess: () => refreshPlaylists(queryClient),
  });
}

export function useReorderPlaylist(playlistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackIds: number[]) =>
      apiClient.post(`playlists/${playlistId}/tracks/order`, { trackIds }),
    onSuccess: () => refreshPlaylists(queryClient),
  });
}
