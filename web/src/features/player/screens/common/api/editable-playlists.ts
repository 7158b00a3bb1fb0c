import type { Playlist } from '@cadenza/contracts/music';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../../api/client';
import type { Page } from './pagination';

/**
 * The user's playlists to add a track to (the caller keeps those they may fill), read only
 * while `enabled`. Under 'music', so a new or changed playlist refreshes them.
 */
export const useEditablePlaylists = (enabled: boolean) =>
  useQuery({
    queryKey: ['music', 'me', 'playlists', 'editable'],
    queryFn: () =>
      apiClient
        .get<{ pagination: Page<Playlist> }>('users/me/playlists', { params: { perPage: 50 } })
        .then((r) => r.pagination.data),
    enabled,
  });
