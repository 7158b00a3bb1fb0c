import type { Pagination } from '@cadenza/contracts/http';
import { toLrc } from '@cadenza/contracts/lyrics';
import type { Track } from '@cadenza/contracts/music';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type QueryParams } from '../../../api/client';

export interface AdminArtist {
  id: number;
  name: string;
  image_small: string | null;
  verified: boolean;
  plays: number;
  albums_count: number;
  tracks_count: number;
  created_at: string;
}

export interface AdminTrack {
  id: number;
  name: string;
  number: number | null;
  duration_ms: number | null;
  plays: number;
  album: string | null;
  artists: string[];
  created_at: string;
}

const artistsKey = ['admin', 'artists'] as const;
const tracksKey = ['admin', 'tracks'] as const;

export const useAdminArtists = (params: QueryParams) =>
  useQuery({
    queryKey: [...artistsKey, params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<AdminArtist> }>('admin/artists', { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

export const useAdminTracks = (params: QueryParams) =>
  useQuery({
    queryKey: [...tracksKey, params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<AdminTrack> }>('admin/tracks', { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

function useCatalogueWrite<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [artistsKey, tracksKey, ['admin', 'audit-log']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useDeleteArtists = () =>
  useCatalogueWrite((ids: number[]) =>
    apiClient.delete<{ message: string }>(`admin/artists/${ids.join(',')}`),
  );

export const useMergeArtist = () =>
  useCatalogueWrite(({ id, into }: { id: number; into: number }) =>
    apiClient.post<{ message: string }>(`admin/artists/${id}/merge`, { into }),
  );

export const useSaveArtist = () =>
  useCatalogueWrite(({ id, ...details }: { id: number; bio: string | null; verified: boolean }) =>
    apiClient.put(`artists/${id}`, details),
  );

export const useSaveTrack = () =>
  useCatalogueWrite(
    ({
      id,
      ...details
    }: {
      id: number;
      name: string;
      number: number | null;
      lyrics: string | null;
    }) => apiClient.put(`tracks/${id}`, details),
  );

/** The track's lyrics as the editor shows them: synced lyrics as LRC text. */
export const fetchTrackLyrics = (id: number) =>
  apiClient
    .get<{ track: Track }>(`tracks/${id}`)
    .then(({ track }) =>
      track.synced_lyrics?.length ? toLrc(track.synced_lyrics) : (track.lyrics ?? ''),
    );

/** The artist's bio, for the editor. */
export const fetchArtistBio = (id: number) =>
  apiClient
    .get<{ artist: { bio?: string | null } }>(`artists/${id}`)
    .then((response) => response.artist.bio ?? '');
