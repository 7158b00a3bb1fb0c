import fs from 'node:fs/promises';
import path from 'node:path';
import { parseFile, type IAudioMetadata } from 'music-metadata';
import { parseLrc } from '@cadenza/contracts/lyrics';
import type { ImportTrackInput } from './catalogue-port.js';
import { guessFromPath } from './path-tags.js';

/** Extensions the import reads, with the MIME type a browser plays them as. */
export const AUDIO_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.mp4': 'audio/mp4',
  '.wav': 'audio/wav',
};

export const VARIOUS_ARTISTS = 'Various Artists';

/** Files beside the tracks that serve as the album cover, in order of preference. */
const COVER_FILES = [
  'cover.jpg',
  'cover.jpeg',
  'folder.jpg',
  'folder.jpeg',
  'cover.png',
  'folder.png',
];

export function isAudioFile(file: string): boolean {
  return path.extname(file).toLowerCase() in AUDIO_TYPES;
}

// Separators that join several artists in one tag value. Commas are left alone: too many
// artist names contain one.
const ARTIST_SEPARATORS = /\s+(?:feat\.?|ft\.|featuring)\s+|\s+&\s+|\s*;\s*|\s+\/\s+/i;

/** Splits artist tag values into distinct names: `['A feat. B & C']` → `['A', 'B', 'C']`. */
export function splitArtists(values: readonly (string | undefined)[]): string[] {
  const names: string[] = [];
  for (const value of values) {
    if (!value) continue;
    for (const part of value.split(ARTIST_SEPARATORS)) {
      const name = part.trim();
      if (name && !names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
    }
  }
  return names;
}

/** Genre tags often hold several genres in one value. */
export function splitGenres(values: readonly string[] | undefined): string[] {
  const genres: string[] = [];
  for (const value of values ?? []) {
    for (const part of value.split(/\s*[;/,]\s*/)) {
      const genre = part.trim();
      if (genre && !genres.some((g) => g.toLowerCase() === genre.toLowerCase())) genres.push(genre);
    }
  }
  return genres;
}

/** The image type of a buffer by its first bytes, or undefined when it is not an image we keep. */
export function sniffImageMime(data: Uint8Array): string | undefined {
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47)
    return 'image/png';
  if (
    String.fromCharCode(...data.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...data.subarray(8, 12)) === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/** The cover image lying beside the tracks of a folder, if any (case-insensitive names). */
export async function findFolderCover(
  dir: string,
  entries?: string[],
): Promise<{ data: Buffer; mime: string } | null> {
  const names = entries ?? (await fs.readdir(dir).catch(() => [] as string[]));
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  for (const candidate of COVER_FILES) {
    const name = byLower.get(candidate);
    if (!name) continue;
    const data = await fs.readFile(path.join(dir, name)).catch(() => null);
    const mime = data && sniffImageMime(data);
    if (data && mime) return { data, mime };
  }
  return null;
}

/** The tags that decide album grouping, read quickly without pictures or a duration scan. */
export interface AlbumKey {
  album: string | null;
  artists: string[];
  albumArtists: string[];
  compilation: boolean;
}

/** The tags and format of an audio file, read once for both its album key and its track. */
export function readTags(file: string): Promise<IAudioMetadata> {
  return parseFile(file, { duration: true });
}

/** The album key of a file whose track is not read: its tags alone, covers skipped. */
export async function readAlbumKey(file: string): Promise<AlbumKey> {
  const { common } = await parseFile(file, { skipCovers: true, duration: false });
  return albumKeyOf(common);
}

export function albumKeyOf(common: IAudioMetadata['common']): AlbumKey {
  return {
    album: common.album?.trim() || null,
    artists: trackArtists(common),
    albumArtists: splitArtists(common.albumartists ?? [common.albumartist]),
    compilation: common.compilation === true,
  };
}

function trackArtists(common: IAudioMetadata['common'], fromPath?: string | null): string[] {
  const artists = splitArtists(common.artists?.length ? common.artists : [common.artist]);
  if (artists.length > 0) return artists;
  return fromPath ? splitArtists([fromPath]) : ['Unknown Artist'];
}

/**
 * Albums of a folder whose tracks are by several artists and that name no album artist:
 * they are compilations, filed under Various Artists.
 */
export function compilationAlbums(keys: AlbumKey[]): Set<string> {
  const artistsByAlbum = new Map<string, Set<string>>();
  for (const key of keys) {
    if (!key.album || key.albumArtists.length > 0) continue;
    const set = artistsByAlbum.get(key.album) ?? new Set<string>();
    set.add(key.artists[0]!.toLowerCase());
    artistsByAlbum.set(key.album, set);
  }
  return new Set([...artistsByAlbum].filter(([, set]) => set.size > 1).map(([album]) => album));
}

function lyricsOf(common: IAudioMetadata['common']): {
  lyrics: string | null;
  syncedLyrics: { timeMs: number; text: string }[] | null;
} {
  let lyrics: string | null = null;
  let syncedLyrics: { timeMs: number; text: string }[] | null = null;
  for (const tag of common.lyrics ?? []) {
    if (tag.syncText?.length && !syncedLyrics) {
      syncedLyrics = tag.syncText.map((line) => ({
        timeMs: Math.round(line.timestamp ?? 0),
        text: line.text,
      }));
    }
    const text = tag.text?.trim();
    if (text && !lyrics) {
      // Plain lyrics that are really LRC text count as synced lyrics.
      const timed = parseLrc(text);
      if (timed.length > 0 && !syncedLyrics) syncedLyrics = timed;
      lyrics = timed.length > 0 ? timed.map((line) => line.text).join('\n') : text;
    }
  }
  if (syncedLyrics && !lyrics) lyrics = syncedLyrics.map((line) => line.text).join('\n');
  return { lyrics, syncedLyrics };
}

export interface ReadTrackOptions {
  /** Stat of the file, already taken by the scanner. */
  size: number;
  /** Cover beside the file, used when the file has none embedded. */
  folderCover: { data: Buffer; mime: string } | null;
  /** The folder's album grouping says this album is a compilation. */
  compilation: boolean;
  /** The names in the file's folder, when listed already: a lyrics file is looked for there. */
  siblings?: ReadonlySet<string>;
  /**
   * The file's path below the library folder (or as uploaded): names missing from the tags are
   * read from it. Without it, the file's own name gives the title.
   */
  relativePath?: string;
}

/**
 * Reads one audio file into what the catalogue imports, from its tags when they were read
 * already. Throws when the file is unreadable.
 */
export async function readTrack(
  file: string,
  options: ReadTrackOptions,
  tags?: IAudioMetadata,
): Promise<ImportTrackInput> {
  const { common, format } = tags ?? (await readTags(file));
  if (!format.duration || !Number.isFinite(format.duration) || format.duration <= 0) {
    throw new Error('No audio found in the file.');
  }
  // Tags win; the path fills in only what they leave out.
  const guess = guessFromPath(options.relativePath ?? path.basename(file));
  const artists = trackArtists(common, guess.artist);
  const taggedAlbumArtists = splitArtists(common.albumartists ?? [common.albumartist]);
  const compilation = common.compilation === true || options.compilation;
  const albumArtists =
    taggedAlbumArtists.length > 0
      ? taggedAlbumArtists
      : compilation
        ? [VARIOUS_ARTISTS]
        : [artists[0]!];

  const picture = common.picture?.find((p) => /front/i.test(p.type ?? '')) ?? common.picture?.[0];
  const embeddedMime = picture && sniffImageMime(picture.data);
  const coverImage =
    picture && embeddedMime
      ? { data: Buffer.from(picture.data), mime: embeddedMime }
      : options.folderCover;

  let { lyrics, syncedLyrics } = lyricsOf(common);
  if (!syncedLyrics) {
    const lrcFile = file.slice(0, file.length - path.extname(file).length) + '.lrc';
    const listed = !options.siblings || options.siblings.has(path.basename(lrcFile));
    const lrc = listed ? await fs.readFile(lrcFile, 'utf8').catch(() => null) : null;
    const timed = lrc ? parseLrc(lrc) : [];
    if (timed.length > 0) {
      syncedLyrics = timed;
      lyrics ??= timed.map((line) => line.text).join('\n');
    }
  }

  const musicbrainz = {
    ...(common.musicbrainz_recordingid ? { trackId: common.musicbrainz_recordingid } : {}),
    ...(common.musicbrainz_albumid ? { albumId: common.musicbrainz_albumid } : {}),
    ...(common.musicbrainz_artistid?.length ? { artistIds: common.musicbrainz_artistid } : {}),
  };
  const ext = path.extname(file).toLowerCase();
  return {
    title: common.title?.trim() || guess.title,
    artists,
    albumArtists,
    album: common.album?.trim() || guess.album,
    ...(compilation ? { albumType: 'compilation' as const } : {}),
    trackNumber: common.track.no ?? guess.trackNumber,
    discNumber: common.disk.no ?? guess.discNumber,
    year: common.year ?? guess.year,
    releaseDate: common.date ?? null,
    genres: splitGenres(common.genre),
    durationMs: Math.round(format.duration * 1000),
    codec: format.codec ?? null,
    bitrate: format.bitrate ? Math.round(format.bitrate) : null,
    mime: AUDIO_TYPES[ext] ?? 'application/octet-stream',
    fileSize: options.size,
    audioPath: file,
    coverImage,
    lyrics,
    syncedLyrics,
    ...(Object.keys(musicbrainz).length > 0 ? { musicbrainz } : {}),
    replayGain: {
      trackGain: common.replaygain_track_gain?.dB ?? null,
      trackPeak: common.replaygain_track_peak?.ratio ?? null,
      albumGain: common.replaygain_album_gain?.dB ?? null,
      albumPeak: common.replaygain_album_peak?.ratio ?? null,
    },
  };
}
