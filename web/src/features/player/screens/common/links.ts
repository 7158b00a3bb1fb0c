import type { Album, ArtistRef, Playlist, Track, UserRef } from '@cadenza/contracts/music';
import { profileSlug } from '@cadenza/contracts/profile-slug';

/** Player URLs carry a readable slug after the id; the id alone decides what is shown. */
export const slug = (name: string) => encodeURIComponent(profileSlug(name));

export const artistUrl = (artist: Pick<ArtistRef, 'id' | 'name'>) =>
  `/artist/${artist.id}/${slug(artist.name)}`;

export function albumUrl(album: Pick<Album, 'id' | 'name'> & { artists?: ArtistRef[] }) {
  const artistName = album.artists?.[0]?.name ?? 'various-artists';
  return `/album/${album.id}/${slug(artistName)}/${slug(album.name)}`;
}

export const trackUrl = (track: Pick<Track, 'id' | 'name'>) =>
  `/track/${track.id}/${slug(track.name)}`;

export const playlistUrl = (playlist: Pick<Playlist, 'id' | 'name'>) =>
  `/playlist/${playlist.id}/${slug(playlist.name)}`;

export const userUrl = (user: Pick<UserRef, 'id' | 'display_name'>) =>
  `/user/${user.id}/${slug(user.display_name)}`;

export const genreUrl = (genre: { name: string }) => `/genre/${encodeURIComponent(genre.name)}`;

/** A channel's own page; channels resolved for a genre keep it in the query. */
export const channelUrl = (channel: { slug: string }, genre?: string) =>
  `/channel/${encodeURIComponent(channel.slug)}${genre ? `?genre=${encodeURIComponent(genre)}` : ''}`;

export const searchUrl = (query: string, tab?: string) =>
  `/search/${encodeURIComponent(query)}${tab ? `/${tab}` : ''}`;
