import type { PlaylistFileFormat } from '@cadenza/contracts/music';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';

/**
 * Playlist files as other players write them: M3U/M3U8 (with the extended `#EXTINF` lines),
 * XSPF (XML) and JSPF (XSPF's JSON). Reading knows the format by the content, never by the name.
 */

/** One entry of a playlist file: whatever it tells of the track it means. */
export interface PlaylistFileEntry {
  location: string | null;
  title: string | null;
  artist: string | null;
  album: string | null;
  durationMs: number | null;
  /** A MusicBrainz recording id, from an identifier or location naming one. */
  musicbrainzId: string | null;
}

export interface PlaylistFile {
  format: 'm3u' | 'xspf' | 'jspf';
  title: string | null;
  entries: PlaylistFileEntry[];
}

/** More entries than any playlist a listener keeps: the file is refused rather than cut. */
export const MAX_PLAYLIST_FILE_ENTRIES = 5000;

const XSPF_NAMESPACE = 'http://xspf.org/ns/0/';
const RECORDING_URL = 'https://musicbrainz.org/recording/';
const MBID =
  /musicbrainz\.org\/recording\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

const refuse = (message: string) => AppError.validation({ file: message });
const NOT_A_PLAYLIST = 'The file is not a playlist (M3U, M3U8, XSPF or JSPF).';

/** Reads a playlist file; throws a field error naming what is wrong with it. */
export function parsePlaylistFile(data: Buffer): PlaylistFile {
  // Audio, images and archives hold NUL bytes; no playlist does.
  if (data.includes(0)) throw refuse(NOT_A_PLAYLIST);
  const text = decode(data).replace(/^\uFEFF/, '');
  const start = text.trimStart();
  const file = start.startsWith('{')
    ? readJspf(start)
    : start.startsWith('<')
      ? readXspf(start)
      : readM3u(text);
  if (file.entries.length === 0) throw refuse('The playlist holds no tracks.');
  if (file.entries.length > MAX_PLAYLIST_FILE_ENTRIES) {
    throw refuse(`A playlist may hold at most ${MAX_PLAYLIST_FILE_ENTRIES} tracks.`);
  }
  return file;
}

/** M3U8 and the other formats are UTF-8; plain M3U files of older players are often Latin-1. */
function decode(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return data.toString('latin1');
  }
}

const clean = (value: unknown): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 1000) : null;
};

const mbidOf = (values: (string | null)[]): string | null => {
  for (const value of values) {
    const match = value ? MBID.exec(value) : null;
    if (match) return match[1]!.toLowerCase();
  }
  return null;
};

function entry(fields: Partial<PlaylistFileEntry> & { identifiers?: string[] }): PlaylistFileEntry {
  const location = fields.location ?? null;
  return {
    location,
    title: fields.title ?? null,
    artist: fields.artist ?? null,
    album: fields.album ?? null,
    durationMs: fields.durationMs ?? null,
    musicbrainzId: mbidOf([...(fields.identifiers ?? []), location]),
  };
}

// -- M3U and M3U8

const AUDIO_NAME = /\.(mp3|flac|ogg|oga|opus|m4a|aac|mp4|wav|wma|aiff?|ape|wv|alac)$/i;

function readM3u(text: string): PlaylistFile {
  const lines = text.split(/\r\n|\r|\n/).map((line) => line.trim());
  const extended = lines[0]?.toUpperCase().startsWith('#EXTM3U') ?? false;
  const entries: PlaylistFileEntry[] = [];
  let title: string | null = null;
  let info: Partial<PlaylistFileEntry> = {};
  for (const line of lines) {
    if (!line) continue;
    if (line.startsWith('#')) {
      const [tag, ...rest] = line.split(':');
      const value = rest.join(':');
      const name = tag!.toUpperCase();
      if (name === '#PLAYLIST') title = clean(value);
      else if (name === '#EXTALB') info.album = clean(value);
      else if (name === '#EXTART') info.artist = clean(value);
      else if (name === '#EXTINF') info = { ...info, ...extinf(value) };
      continue;
    }
    // Without the header, every line must look like a file or an address: a text file that
    // is not a playlist is refused rather than read as a list of missing tracks.
    if (!extended && !/^[a-z][a-z0-9+.-]*:\/\//i.test(line) && !AUDIO_NAME.test(line)) {
      throw refuse(NOT_A_PLAYLIST);
    }
    entries.push(entry({ ...info, location: line.slice(0, 4000) }));
    info = {};
  }
  return { format: 'm3u', title, entries };
}

/** `#EXTINF:<seconds> [attributes],<artist> - <title>` */
function extinf(value: string): Partial<PlaylistFileEntry> {
  const comma = value.indexOf(',');
  const seconds = Number.parseFloat(comma >= 0 ? value.slice(0, comma) : value);
  const label = comma >= 0 ? value.slice(comma + 1) : '';
  const dash = label.indexOf(' - ');
  return {
    durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
    ...(dash > 0
      ? { artist: clean(label.slice(0, dash)), title: clean(label.slice(dash + 3)) }
      : { title: clean(label) }),
  };
}

// -- XSPF

function readXspf(text: string): PlaylistFile {
  // A document type is where entity expansion ("billion laughs") and external entities live;
  // XSPF never needs one.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw refuse('Playlist files with a DOCTYPE are refused.');
  let parsed: { playlist?: unknown };
  try {
    if (XMLValidator.validate(text) !== true) throw new Error('not well-formed');
    parsed = xspfParser().parse(text) as { playlist?: unknown };
  } catch {
    // Malformed, or nested deeper than a parser's stack: either way not a playlist we read.
    throw refuse('The XSPF file is not well-formed XML.');
  }
  const root = parsed.playlist;
  if (!root || typeof root !== 'object') throw refuse(NOT_A_PLAYLIST);
  const playlist = root as { title?: unknown; trackList?: { track?: unknown[] } | string };
  const tracks = typeof playlist.trackList === 'object' ? (playlist.trackList.track ?? []) : [];
  return {
    format: 'xspf',
    title: clean(playlist.title),
    entries: tracks.map((track) => xspfTrack(track as Record<string, unknown>)),
  };
}

const xspfParser = () =>
  new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    parseTagValue: false,
    isArray: (name) => ['track', 'location', 'identifier'].includes(name),
  });

function xspfTrack(track: Record<string, unknown>): PlaylistFileEntry {
  const list = (value: unknown) =>
    (Array.isArray(value) ? value : [value]).map(clean).filter((v): v is string => !!v);
  const duration = Number(clean(track.duration));
  return entry({
    location: list(track.location)[0] ?? null,
    identifiers: list(track.identifier),
    title: clean(track.title),
    artist: clean(track.creator),
    album: clean(track.album),
    durationMs: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : null,
  });
}

// -- JSPF

const stringOrList = z
  .union([z.string(), z.array(z.unknown())])
  .optional()
  .transform((value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]))
  .transform((values) => values.filter((v): v is string => typeof v === 'string'));
const jspfSchema = z.object({
  playlist: z.object({
    title: z.unknown().optional(),
    track: z.array(
      z.object({
        location: stringOrList,
        identifier: stringOrList,
        title: z.unknown().optional(),
        creator: z.unknown().optional(),
        album: z.unknown().optional(),
        duration: z.unknown().optional(),
      }),
    ),
  }),
});

function readJspf(text: string): PlaylistFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refuse('The JSPF file is not valid JSON.');
  }
  const parsed = jspfSchema.safeParse(json);
  if (!parsed.success) throw refuse(NOT_A_PLAYLIST);
  const { playlist } = parsed.data;
  return {
    format: 'jspf',
    title: clean(playlist.title),
    entries: playlist.track.map((track) => {
      const duration = Number(track.duration);
      return entry({
        location: clean(track.location[0]),
        identifiers: track.identifier,
        title: clean(track.title),
        artist: clean(track.creator),
        album: clean(track.album),
        durationMs: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : null,
      });
    }),
  };
}

// -- Writing

export interface PlaylistFileOut {
  title: string;
  creator: string;
  entries: PlaylistFileEntry[];
}

export const PLAYLIST_FILE_TYPES: Record<PlaylistFileFormat, string> = {
  m3u8: 'audio/x-mpegurl; charset=utf-8',
  xspf: 'application/xspf+xml; charset=utf-8',
  jspf: 'application/json; charset=utf-8',
};

/** A playlist in a format; a field of one line never breaks the lines of an M3U file. */
export function writePlaylistFile(format: PlaylistFileFormat, file: PlaylistFileOut): string {
  if (format === 'm3u8') return writeM3u8(file);
  return format === 'xspf' ? writeXspf(file) : JSON.stringify(jspfOf(file), null, 2) + '\n';
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

function writeM3u8(file: PlaylistFileOut): string {
  const lines = ['#EXTM3U', `#PLAYLIST:${oneLine(file.title)}`];
  for (const item of file.entries) {
    const seconds = item.durationMs ? Math.round(item.durationMs / 1000) : -1;
    const label = [item.artist, item.title].filter(Boolean).join(' - ');
    lines.push(`#EXTINF:${seconds},${oneLine(label)}`);
    if (item.album) lines.push(`#EXTALB:${oneLine(item.album)}`);
    lines.push(oneLine(item.location ?? ''));
  }
  return lines.join('\n') + '\n';
}

function trackFields(item: PlaylistFileEntry) {
  return {
    ...(item.location ? { location: item.location } : {}),
    ...(item.musicbrainzId ? { identifier: `${RECORDING_URL}${item.musicbrainzId}` } : {}),
    ...(item.title ? { title: item.title } : {}),
    ...(item.artist ? { creator: item.artist } : {}),
    ...(item.album ? { album: item.album } : {}),
    ...(item.durationMs ? { duration: item.durationMs } : {}),
  };
}

function writeXspf(file: PlaylistFileOut): string {
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    format: true,
    processEntities: true,
    suppressEmptyNode: true,
  });
  const body = builder.build({
    playlist: {
      '@version': '1',
      '@xmlns': XSPF_NAMESPACE,
      title: file.title,
      creator: file.creator,
      trackList: { track: file.entries.map(trackFields) },
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

function jspfOf(file: PlaylistFileOut) {
  return {
    playlist: {
      title: file.title,
      creator: file.creator,
      track: file.entries.map((item) => {
        const { location, identifier, ...rest } = trackFields(item);
        return {
          ...(location ? { location: [location] } : {}),
          ...(identifier ? { identifier: [identifier] } : {}),
          ...rest,
        };
      }),
    },
  };
}
