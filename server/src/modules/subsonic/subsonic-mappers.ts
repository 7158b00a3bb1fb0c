import type { Album, Artist, Playlist, Track } from '@cadenza/contracts/music';
import type { SubsonicNode } from './subsonic-response.js';

/**
 * The catalogue in Subsonic's words (the 1.16.1 schema's Artist, AlbumID3 and Child). Ids are
 * the catalogue's own; cover art ids name what they belong to: `ar-1`, `al-2`, `tr-3`.
 */
/** What the caller thinks of an item: their rating and when they starred (liked) it. */
export interface Note {
  rating?: number;
  likedAt?: string;
}

const noted = (note: Note | undefined) => ({
  starred: iso(note?.likedAt),
  userRating: note?.rating,
});

const iso = (date: string | null | undefined) => (date ? new Date(date).toISOString() : undefined);
const suffixOf = (mime: string) => mime.split('/').pop()?.replace('mpeg', 'mp3') ?? 'mp3';

/** An artist of the ID3 calls (ArtistID3): with the number of its albums, which is required. */
export function subsonicArtist(artist: Artist, albumCount: number): SubsonicNode {
  return {
    id: String(artist.id),
    name: artist.name,
    coverArt: `ar-${artist.id}`,
    albumCount,
    musicBrainzId: artist.musicbrainz_id ?? undefined,
  };
}

/**
 * An artist of the folder calls (getIndexes, getStarred, search2: the schema's Artist), which
 * has no cover or album count; its id names it as a folder, `ar-<id>`.
 */
export function subsonicFolderArtist(artist: Artist, note?: Note): SubsonicNode {
  return { id: `ar-${artist.id}`, name: artist.name, ...noted(note) };
}

/** An ID3 album; `durationMs` is its length where its tracks are not in `album`. */
export function subsonicAlbum(album: Album, note?: Note, durationMs = 0): SubsonicNode {
  const artist = album.artists[0];
  const ms = album.tracks
    ? album.tracks.reduce((sum, track) => sum + track.duration_ms, 0)
    : durationMs;
  return {
    id: String(album.id),
    name: album.name,
    artist: album.artists.map((a) => a.name).join(', ') || undefined,
    artistId: artist ? String(artist.id) : undefined,
    coverArt: `al-${album.id}`,
    songCount: album.tracks_count,
    duration: Math.round(ms / 1000),
    playCount: album.plays,
    created: iso(album.created_at),
    year: album.year ?? undefined,
    genre: album.genres?.[0]?.name,
    musicBrainzId: album.musicbrainz_id ?? undefined,
    ...noted(note),
  };
}

export function subsonicSong(track: Track, note?: Note): SubsonicNode {
  const artist = track.artists[0];
  const suffix = suffixOf(track.mime);
  return {
    id: String(track.id),
    parent: track.album ? String(track.album.id) : undefined,
    isDir: false,
    title: track.name,
    album: track.album?.name,
    artist: track.artists.map((a) => a.name).join(', ') || undefined,
    track: track.number ?? undefined,
    discNumber: track.disc ?? undefined,
    genre: track.genres?.[0]?.name,
    coverArt: track.album ? `al-${track.album.id}` : `tr-${track.id}`,
    size: track.file_size,
    contentType: track.mime,
    suffix,
    duration: Math.round(track.duration_ms / 1000),
    bitRate: track.bitrate ? Math.round(track.bitrate / 1000) : undefined,
    path: `${artist?.name ?? 'Unknown'}/${track.album?.name ?? 'Singles'}/${track.name}.${suffix}`,
    playCount: track.plays,
    created: iso(track.created_at),
    albumId: track.album ? String(track.album.id) : undefined,
    artistId: artist ? String(artist.id) : undefined,
    type: 'music',
    isVideo: false,
    // OpenSubsonic: 'explicit' or 'clean'; a track nobody marked is not known to be clean.
    explicitStatus: track.explicit ? 'explicit' : undefined,
    replayGain: track.replay_gain
      ? {
          trackGain: track.replay_gain.track_gain ?? undefined,
          albumGain: track.replay_gain.album_gain ?? undefined,
          trackPeak: track.replay_gain.track_peak ?? undefined,
          albumPeak: track.replay_gain.album_peak ?? undefined,
        }
      : undefined,
    // OpenSubsonic: the recording's MusicBrainz id, when its tags carry one.
    musicBrainzId: track.musicbrainz_id ?? undefined,
    ...noted(note),
  };
}

export function subsonicPlaylist(playlist: Playlist, durationSeconds?: number): SubsonicNode {
  return {
    id: String(playlist.id),
    name: playlist.name,
    comment: playlist.description ?? undefined,
    owner: playlist.owner.name,
    public: playlist.public,
    songCount: playlist.tracks_count,
    duration: durationSeconds ?? 0,
    created: iso(playlist.created_at),
    changed: iso(playlist.updated_at),
    coverArt: `pl-${playlist.id}`,
  };
}

/** An album as a folder (the Child of folder-based calls): its id names it `al-<id>`. */
export function subsonicAlbumFolder(album: Album, note?: Note, artistName?: string): SubsonicNode {
  const artist = album.artists[0];
  return {
    id: `al-${album.id}`,
    parent: artist ? `ar-${artist.id}` : undefined,
    isDir: true,
    title: album.name,
    album: album.name,
    artist: artistName ?? (album.artists.map((a) => a.name).join(', ') || undefined),
    year: album.year ?? undefined,
    genre: album.genres?.[0]?.name,
    coverArt: `al-${album.id}`,
    playCount: album.plays,
    created: iso(album.created_at),
    ...noted(note),
  };
}
