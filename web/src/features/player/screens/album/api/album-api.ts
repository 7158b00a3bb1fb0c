import type { Album } from '@cadenza/contracts/music';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';

export const fetchAlbum = (id: number) => apiClient.get<{ album: Album }>(`albums/${id}`);

export const albumQuery = (id: number) =>
  queryOptions({ queryKey: ['music', 'album', id], queryFn: () => fetchAlbum(id) });

/** The album with all its tracks (an album is short enough for one page). */
export function useAlbum(id: number) {
  return useQuery(albumQuery(id));
}
