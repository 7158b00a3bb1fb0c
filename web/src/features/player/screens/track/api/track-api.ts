import type { Track } from '@cadenza/contracts/music';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';

export const fetchTrack = (id: number) => apiClient.get<{ track: Track }>(`tracks/${id}`);

export const trackQuery = (id: number) =>
  queryOptions({ queryKey: ['music', 'track', id], queryFn: () => fetchTrack(id) });

export function useTrack(id: number) {
  return useQuery(trackQuery(id));
}
