import type {
  Insights,
  InsightsScopeKind,
  Release,
  ReleaseSummary,
  ReleaseType,
  UploadQuota,
} from '@cadenza/contracts/backstage';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';

export const releaseKeys = {
  all: ['backstage', 'releases'] as const,
  lists: ['backstage', 'releases', 'artist'] as const,
  ofArtist: (artistId: number) => ['backstage', 'releases', 'artist', artistId] as const,
  one: (id: number) => ['backstage', 'releases', id] as const,
};

export const useReleases = (artistId: number) =>
  useQuery({
    queryKey: releaseKeys.ofArtist(artistId),
    queryFn: () =>
      apiClient.get<{ releases: ReleaseSummary[]; quota: UploadQuota }>(
        `backstage/artists/${artistId}/releases`,
      ),
  });

/** How often a release is asked again while its new tracks are being measured. */
export const MEASURING_POLL_MS = 2_000;

export const useRelease = (id: number) =>
  useQuery({
    queryKey: releaseKeys.one(id),
    queryFn: () =>
      apiClient.get<{ release: Release }>(`backstage/releases/${id}`).then((r) => r.release),
    // Loudness and waveform are measured in the background: they show as soon as they are known.
    refetchInterval: (query) =>
      query.state.data?.tracks.some((track) => track.measuring) ? MEASURING_POLL_MS : false,
  });

export function useCreateRelease(artistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; type: ReleaseType }) =>
      apiClient
        .post<{ release: Release }>(`backstage/artists/${artistId}/releases`, input)
        .then((r) => r.release),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
  });
}

export interface ReleaseDraft {
  name: string;
  type: ReleaseType;
  release_date: string | null;
  genres: string[];
  tracks: {
    id: number;
    name: string;
    featured_artists: string[];
    genres: string[];
    lyrics: string | null;
    explicit: boolean;
    isrc: string | null;
    downloadable: boolean;
  }[];
}

/** Every change to a release answers the release as it now is; the cache takes it at once. */
export function useReleaseActions(id: number) {
  const queryClient = useQueryClient();
  const settle = (release: Release) => {
    queryClient.setQueryData(releaseKeys.one(id), release);
    // The lists show its status and counts; the release itself is fresh already.
    void queryClient.invalidateQueries({ queryKey: releaseKeys.lists });
  };
  const path = `backstage/releases/${id}`;
  const answer = (request: Promise<{ release: Release }>) => request.then((r) => r.release);
  return {
    save: useMutation({
      mutationFn: (draft: ReleaseDraft) => answer(apiClient.put<{ release: Release }>(path, draft)),
      onSuccess: settle,
    }),
    addTrack: useMutation({
      mutationFn: (fileEntryId: number) =>
        answer(
          apiClient.post<{ release: Release }>(`${path}/tracks`, { file_entry_id: fileEntryId }),
        ),
      onSuccess: settle,
    }),
    removeTrack: useMutation({
      mutationFn: (trackId: number) =>
        answer(apiClient.delete<{ release: Release }>(`${path}/tracks/${trackId}`)),
      onSuccess: settle,
    }),
    cover: useMutation({
      mutationFn: (fileEntryId: number) =>
        answer(
          apiClient.put<{ release: Release }>(`${path}/cover`, { file_entry_id: fileEntryId }),
        ),
      onSuccess: settle,
    }),
    publish: useMutation({
      mutationFn: (publishAt: string | null) =>
        answer(apiClient.post<{ release: Release }>(`${path}/publish`, { publish_at: publishAt })),
      onSuccess: settle,
    }),
    unpublish: useMutation({
      mutationFn: () => answer(apiClient.post<{ release: Release }>(`${path}/unpublish`, {})),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: () => apiClient.delete(path),
      // Not the release's own query: it is gone, and the editor leaves at once.
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: releaseKeys.lists }),
    }),
  };
}

export interface InsightsQuery {
  scope: InsightsScopeKind;
  id: number;
  from: string;
  to: string;
}

export const useInsights = (query: InsightsQuery) =>
  useQuery({
    queryKey: ['backstage', 'insights', query],
    queryFn: () =>
      apiClient
        .get<{ insights: Insights }>('backstage/insights', { params: { ...query } })
        .then((r) => r.insights),
    // The figures of the last range stay while the next are read.
    placeholderData: keepPreviousData,
  });
