import type {
  Album,
  AlbumType,
  Artist,
  ArtistRef,
  Genre,
  ReplayGain,
  Track,
} from '@cadenza/contracts/music';
import { ALBUM_TYPES } from '@cadenza/contracts/music';
import type { ListedTrackRow } from './catalogue.repo.js';
import type { AlbumRow, ArtistRow, GenreRow } from './catalogue.table.js';

export const VARIOUS_ARTISTS = 'Various Artists';
export const UNKNOWN_ARTIST = 'Unknown Artist';

export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 255);
}

export function cleanNames(names: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name || seen.has(nameKey(name))) continue;
    seen.add(nameKey(name));
    out.push(name.slice(0, 255));
  }
  return out;
}

/** Tag values arrive from files of every quality: anything but a finite number is unknown. */
export function whole(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : null;
}

export const streamUrl = (trackId: number) => `/api/v1/tracks/${trackId}/stream`;

export function genreRowToGenre(row: Pick<GenreRow, 'id' | 'name' | 'display_name'>): Genre {
  return { id: row.id, name: row.name, display_name: row.display_name, model_type: 'genre' };
}

export function artistRef(row: {
  id: number;
  name: string;
  image_small: string | null;
}): ArtistRef {
  return { id: row.id, name: row.name, image_small: row.image_small };
}

export function artistRowToArtist(row: ArtistRow): Artist {
  return {
    id: row.id,
    name: row.name,
    model_type: 'artist',
    image_small: row.image_small,
    image_large: row.image_large,
    bio: row.bio,
    header_image: row.header_image,
    location: row.location,
    verified: row.verified === 1,
    links: JSON.parse(row.links) as Artist['links'],
    plays: row.plays,
    musicbrainz_id: row.musicbrainz_id,
    created_at: row.created_at,
  };
}

export function albumRowToAlbum(row: AlbumRow, artists: ArtistRef[]): Album {
  return {
    id: row.id,
    name: row.name,
    model_type: 'album',
    type: (ALBUM_TYPES as readonly string[]).includes(row.type) ? (row.type as AlbumType) : 'album',
    release_date: row.release_date,
    year: row.year,
    image: row.image,
    plays: row.plays,
    artists,
    tracks_count: row.tracks_count,
    musicbrainz_id: row.musicbrainz_id,
    created_at: row.created_at,
  };
}

export function trackRowToTrack(
  row: ListedTrackRow,
  artists: ArtistRef[],
  album: Pick<AlbumRow, 'id' | 'name' | 'image'> | null,
): Track {
  return {
    id: row.id,
    name: row.name,
    model_type: 'track',
    number: row.number,
    disc: row.disc,
    duration_ms: row.duration_ms,
    plays: row.plays,
    image: album?.image ?? null,
    album: album ? { id: album.id, name: album.name, image: album.image } : null,
    artists,
    codec: row.codec,
    bitrate: row.bitrate,
    mime: row.mime,
    file_size: Number(row.file_size),
    stream_url: streamUrl(row.id),
    explicit: row.explicit === 1,
    replay_gain: replayGainOf(row),
    musicbrainz_id: row.musicbrainz_id,
    created_at: row.created_at,
  };
}

/** A track's ReplayGain figures; null while it has no track gain (not yet measured, silence). */
export function replayGainOf(
  row: Pick<ListedTrackRow, 'track_gain' | 'track_peak' | 'album_gain' | 'album_peak'>,
): ReplayGain | null {
  if (row.track_gain === null) return null;
  return {
    track_gain: row.track_gain,
    track_peak: row.track_peak,
    album_gain: row.album_gain,
    album_peak: row.album_peak,
  };
}
