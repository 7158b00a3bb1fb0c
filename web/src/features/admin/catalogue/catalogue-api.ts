import type { Pagination } from '@cadenza/contracts/http';
import { toLrc } from '@cadenza/contracts/lyrics';
import type { Artist, Track } from '@cadenza/contracts/music';
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

export interface AdminAlbum {
  id: number;
  name: string;
  type: string;
  release_date: string | null;
  image: string | null;
  plays: number;
  tracks_count: number;
  artists: string[];
  created_at: string;
}

export interface AdminGenre {
  id: number;
  name: string;
  display_name: string;
  tracks_count: number;
  artists_count: number;
  created_at: string;
}

export interface AdminPlaylist {
  id: number;
  name: string;
  owner: string;
  public: boolean;
  collaborative: boolean;
  tracks_count: number;
  created_at: string;
  updated_at: string;
}

export interface AdminLyrics {
  id: number;
  name: string;
  album: string | null;
  artists: string[];
  synced: boolean;
  excerpt: string;
  updated_at: string;
}

/** The admin catalogue tables, by their path under /api/v1/admin. */
export type CatalogueTable = 'artists' | 'albums' | 'tracks' | 'genres' | 'playlists' | 'lyrics';

/** A page of one of the catalogue tables. */
export const useAdminCatalogue = <T>(table: CatalogueTable, params: QueryParams) =>
  useQuery({
    queryKey: ['admin', table, params],
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<T> }>(`admin/${table}`, { params })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

export const useAdminArtists = (params: QueryParams) =>
  useAdminCatalogue<AdminArtist>('artists', params);

export const useAdminTracks = (params: QueryParams) =>
  useAdminCatalogue<AdminTrack>('tracks', params);

function useCatalogueWrite<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [
          ...(['artists', 'albums', 'tracks', 'genres', 'playlists', 'lyrics'] as const).map(
            (table) => ['admin', table],
          ),
          ['admin', 'audit-log'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** Deletes rows of a catalogue table (for lyrics: removes the tracks' lyrics). */
export const useDeleteCatalogueItems = (table: CatalogueTable) =>
  useCatalogueWrite((ids: number[]) =>
    apiClient.delete<{ message: string }>(`admin/${table}/${ids.join(',')}`),
  );

export const useSaveAlbum = () =>
  useCatalogueWrite(
    ({
      id,
      ...details
    }: {
      id: number;
      name: string;
      type: string;
      release_date: string | null;
      track_ids: number[];
      artists?: string[];
    }) => apiClient.put(`albums/${id}`, details),
  );

/**
 * Swaps an uploaded file in for a track's audio (the server checks it is audio it can play);
 * answers the new audio's duration.
 */
export function useReplaceTrackAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trackId, fileEntryId }: { trackId: number; fileEntryId: number }) =>
      apiClient
        .put<{ duration_ms: number }>(`admin/tracks/${trackId}/audio`, {
          file_entry_id: fileEntryId,
        })
        .then((response) => response.duration_ms),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'tracks'] }),
  });
}

/** The album's tracks in their order, for the album editor. */
export const fetchAlbumTracks = (id: number) =>
  apiClient
    .get<{ album: { tracks?: Track[]; musicbrainz_id?: string | null } }>(`albums/${id}`)
    .then(({ album }) => ({
      tracks: (album.tracks ?? []).map((track) => ({ id: track.id, name: track.name })),
      musicbrainzId: album.musicbrainz_id ?? null,
    }));

/** What a picture upload answers: the artist, or the album, with its new picture. */
export interface PictureUploaded {
  artist?: Artist;
  album?: { image: string | null };
}

/** Uploads a picture of an artist (`artists/{id}/image`) or an album (`albums/{id}/cover`). */
export const useUploadCataloguePicture = (path: string) =>
  useCatalogueWrite((file: File) => {
    const body = new FormData();
    body.append('file', file);
    return apiClient.post<PictureUploaded>(path, body);
  });

export const useMergeArtist = () =>
  useCatalogueWrite(({ id, into }: { id: number; into: number }) =>
    apiClient.post<{ message: string }>(`admin/artists/${id}/merge`, { into }),
  );

export interface ArtistDetails {
  name?: string;
  bio: string | null;
  verified: boolean;
  links: { url: string; title: string }[];
  genres: string[];
}

/** What the edit form shows of an artist beside its row: the MusicBrainz id is shown only. */
export type EditedArtistDetails = Omit<ArtistDetails, 'verified'> & {
  musicbrainz_id: string | null;
};

export const useSaveArtist = () =>
  useCatalogueWrite(({ id, ...details }: { id: number } & ArtistDetails) =>
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
      explicit: boolean;
      genres: string[];
      artists?: string[];
      album_id: number | null;
    }) => apiClient.put(`tracks/${id}`, details),
  );

/** What the track editor starts from: the track, and its lyrics as text (synced as LRC). */
export const fetchTrackForEditing = (id: number) =>
  apiClient.get<{ track: Track }>(`tracks/${id}`).then(({ track }) => ({
    track: {
      id: track.id,
      name: track.name,
      number: track.number ?? null,
      duration_ms: track.duration_ms,
      explicit: track.explicit,
      genres: (track.genres ?? []).map((genre) => genre.display_name),
      artists: (track.artists ?? []).map((artist) => artist.name),
      album: track.album ? { id: track.album.id, name: track.album.name } : null,
      stream_url: track.stream_url,
      musicbrainz_id: track.musicbrainz_id ?? null,
    },
    lyrics: track.synced_lyrics?.length ? toLrc(track.synced_lyrics) : (track.lyrics ?? ''),
  }));

/** What the artist editor starts from. */
export const fetchArtistDetails = (id: number) =>
  apiClient.get<{ artist: Artist }>(`artists/${id}`).then(({ artist }): EditedArtistDetails => ({
    musicbrainz_id: artist.musicbrainz_id ?? null,
    bio: artist.bio ?? null,
    links: artist.links ?? [],
    genres: (artist.genres ?? []).map((genre) => genre.display_name),
  }));
