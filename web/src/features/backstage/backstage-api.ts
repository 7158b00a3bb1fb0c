import type {
  ArtistAccess,
  BackstageRequest,
  BackstageRequestType,
  ManagedArtist,
} from '@cadenza/contracts/backstage';
import type { Artist, SearchResults } from '@cadenza/contracts/music';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';

export const backstageKeys = {
  requests: ['backstage', 'requests'] as const,
  artists: ['backstage', 'artists'] as const,
};

export const useMyRequests = () =>
  useQuery({
    queryKey: backstageKeys.requests,
    queryFn: () =>
      apiClient
        .get<{ requests: BackstageRequest[] }>('backstage/requests')
        .then((response) => response.requests),
  });

export const useManagedArtists = () =>
  useQuery({
    queryKey: backstageKeys.artists,
    queryFn: () =>
      apiClient
        .get<{ artists: ManagedArtist[] }>('backstage/artists')
        .then((response) => response.artists),
  });

export interface RequestDraft {
  type: BackstageRequestType;
  artist_name?: string;
  artist_id?: number;
  workspace_id: number | null;
  links: { url: string; title: string }[];
  proof: string;
  message: string | null;
  image_file_entry_id: number | null;
}

export function useSubmitRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: RequestDraft) =>
      apiClient
        .post<{ request: BackstageRequest }>('backstage/requests', draft)
        .then((response) => response.request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backstageKeys.requests }),
  });
}

/** Artists whose names match, to claim. */
export async function findArtists(query: string) {
  const { results } = await apiClient.get<SearchResults>('search', {
    params: { query, types: 'artists', perPage: 10 },
  });
  return (results.artists?.data ?? []).map((artist) => ({
    id: artist.id,
    name: artist.name,
    image_small: artist.image_small,
  }));
}

export const useArtistProfile = (id: number) =>
  useQuery({
    queryKey: [...backstageKeys.artists, id],
    queryFn: () =>
      apiClient.get<{ artist: Artist; access: ArtistAccess }>(`backstage/artists/${id}`),
  });

export interface ProfileDraft {
  bio: string | null;
  links: { url: string; title: string }[];
  genres: string[];
  location: string | null;
}

export function useSaveProfile(id: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: backstageKeys.artists });
  return {
    save: useMutation({
      mutationFn: (draft: ProfileDraft) =>
        apiClient.put<{ artist: Artist }>(`backstage/artists/${id}`, draft),
      onSuccess: refresh,
    }),
    picture: useMutation({
      mutationFn: ({ kind, file }: { kind: 'portrait' | 'header'; file: File }) => {
        const body = new FormData();
        body.append('file', file);
        return apiClient.post<{ artist: Artist }>(`backstage/artists/${id}/image`, body, {
          params: { kind },
        });
      },
      onSuccess: refresh,
    }),
  };
}
