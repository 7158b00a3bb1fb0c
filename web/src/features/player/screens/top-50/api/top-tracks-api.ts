import type { Track } from '@cadenza/contracts/music';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';
import type { Page } from '../../common/api/pagination';

export const fetchTopTracks = () =>
  apiClient.get<{ pagination: Page<Track> }>('tracks/top', { params: { perPage: 50 } });

export const topTracksQuery = () =>
  queryOptions({ queryKey: ['music', 'tracks', 'top-50'], queryFn: fetchTopTracks });

/** The 50 most played tracks: one page by definition. */
export function useTopTracks() {
  return useQuery(topTracksQuery());
}
