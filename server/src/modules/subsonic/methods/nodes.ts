import type { Album, Artist, Track } from '@cadenza/contracts/music';
import type { MusicServices } from '../../music/music.services.js';
import {
  subsonicAlbum,
  subsonicAlbumFolder,
  subsonicArtist,
  subsonicSong,
} from '../subsonic-mappers.js';
import type { Caller } from './method.js';

/**
 * Songs, albums and artists as Subsonic nodes, with the caller's star and rating: what every
 * section answers its lists in.
 */
export function createNodes({ catalogue, likes }: Pick<MusicServices, 'catalogue' | 'likes'>) {
  /** Songs as Subsonic nodes, with the caller's star and rating. */
  async function songNodes(caller: Caller, tracks: Track[]) {
    const notes = await likes.annotationsAmong(
      caller.userId,
      'track',
      tracks.map((track) => track.id),
    );
    return tracks.map((track) => subsonicSong(track, notes.get(track.id)));
  }

  /** Albums as Subsonic nodes (ID3 albums, or folders for folder-based calls), annotated. */
  async function albumNodes(
    caller: Caller,
    albums: Album[],
    { folder = false, artistName }: { folder?: boolean; artistName?: string } = {},
  ) {
    const notes = await likes.annotationsAmong(
      caller.userId,
      'album',
      albums.map((album) => album.id),
    );
    // The schema requires an ID3 album's length; lists hold albums without their tracks.
    const durations = folder
      ? new Map<number, number>()
      : await catalogue.albumDurations(
          albums.filter((album) => !album.tracks).map((album) => album.id),
        );
    return albums.map((album) =>
      folder
        ? subsonicAlbumFolder(album, notes.get(album.id), artistName)
        : subsonicAlbum(album, notes.get(album.id), durations.get(album.id)),
    );
  }

  /** Artists as ID3 nodes, with the number of albums the schema requires. */
  async function artistNodes(artists: Artist[]) {
    const counts = await catalogue.albumCounts(artists.map((artist) => artist.id));
    return artists.map((artist) => subsonicArtist(artist, counts.get(artist.id) ?? 0));
  }

  return { songNodes, albumNodes, artistNodes };
}

export type Nodes = ReturnType<typeof createNodes>;
