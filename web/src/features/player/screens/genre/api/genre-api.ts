import type { Channel, Genre } from '@cadenza/contracts/music';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';

export const fetchGenre = (name: string) =>
  apiClient.get<{ genre: Genre; channel: Channel }>(`genres/${encodeURIComponent(name)}`);

export const genreQuery = (name: string) =>
  queryOptions({ queryKey: ['music', 'genre', name], queryFn: () => fetchGenre(name) });

/** The genre and its channel (popular tracks, albums…) resolved for it. */
export function useGenre(name: string) {
  return useQuery(genreQuery(name));
}
