import { profileSlug } from '@cadenza/contracts/profile-slug';

const slug = (name: string) => encodeURIComponent(profileSlug(name));

export const artistPath = (artist: { id: number; name: string }) =>
  `/artist/${artist.id}/${slug(artist.name)}`;

export function albumPath(album: { id: number; name: string }, artistName?: string) {
  return `/album/${album.id}/${slug(artistName ?? 'various-artists')}/${slug(album.name)}`;
}

export const trackPath = (track: { id: number; name: string }) =>
  `/track/${track.id}/${slug(track.name)}`;

export const playlistPath = (playlist: { id: number; name: string }) =>
  `/playlist/${playlist.id}/${slug(playlist.name)}`;
