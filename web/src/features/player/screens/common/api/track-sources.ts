import type { Album, Track } from '@cadenza/contracts/music';
import { apiClient } from '../../../../../api/client';
import type { Page } from './pagination';

/** Tracks to start playing from a card, which carries no tracks of its own. */
export async function albumTracks(albumId: number): Promise<Track[]> {
  const { album } = await apiClient.get<{ album: Album }>(`albums/${albumId}`);
  return album.tracks ?? [];
}

export async function artistTracks(artistId: number): Promise<Track[]> {
  const { artist } = await apiClient.get<{ artist: { top_tracks: Track[] } }>(
    `artists/${artistId}`,
    { params: { albumsPerPage: 1 } },
  );
  return artist.top_tracks;
}

export async function playlistTracks(playlistId: number): Promise<Track[]> {
  const { pagination } = await apiClient.get<{ pagination: Page<Track> }>(
    `playlists/${playlistId}/tracks`,
    { params: { perPage: 50 } },
  );
  return pagination.data;
}
