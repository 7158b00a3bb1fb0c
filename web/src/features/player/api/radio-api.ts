import type { Track } from '@cadenza/contracts/music';
import type { Mix, Mixes } from '@cadenza/contracts/radio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';

export type RadioSeed = 'track' | 'album' | 'artist';

/** Tracks like a track, an album or an artist, by who listens to them together. */
export function fetchRadio(seed: RadioSeed, id: number): Promise<Track[]> {
  return apiClient.get<{ tracks: Track[] }>(`radio/${seed}/${id}`).then((r) => r.tracks);
}

export const mixesQuery = () =>
  queryOptions({
    queryKey: ['music', 'me', 'mixes'],
    queryFn: ({ signal }) => apiClient.get<Mixes>('me/mixes', { signal }),
  });

/** The listener's daily mixes (or, for a new listener, trending tracks). */
export function useMixes(enabled: boolean) {
  return useQuery({ ...mixesQuery(), enabled });
}

/** One of the listener's mixes with its tracks. */
export function fetchMix(id: number): Promise<Mix> {
  return apiClient.get<{ mix: Mix }>(`me/mixes/${id}`).then((r) => r.mix);
}
