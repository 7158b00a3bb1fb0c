import type { Generated, Selectable } from 'kysely';

export interface ArtistsTable {
  id: Generated<number>;
  name: string;
  /** Lowercased, trimmed name: artists match case-insensitively. */
  name_key: string;
  image_small: string | null;
  image_large: string | null;
  /** Sanitized HTML (a few tags: paragraphs, emphasis, lists, links), or plain text. */
  bio: string | null;
  /** A wide picture across the top of the artist page. */
  header_image: string | null;
  location: string | null;
  verified: Generated<number>;
  /** JSON array of {url, title}. */
  links: Generated<string>;
  plays: Generated<number>;
  /** Plays since the trending window's first day (`trending_window`), which rank trending. */
  trending_plays: Generated<number>;
  musicbrainz_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface AlbumsTable {
  id: Generated<number>;
  name: string;
  /** Lowercased album name plus album artist key: one album per name and album artist. */
  album_key: string;
  type: Generated<string>;
  release_date: string | null;
  year: number | null;
  image: string | null;
  plays: Generated<number>;
  musicbrainz_id: string | null;
  /** draft, scheduled, published or unpublished: releases made in the backstage have all four. */
  status: Generated<string>;
  /** When a scheduled release goes public. */
  publish_at: string | null;
  /** 1 while the release is not public: no listener's list shows it. */
  hidden: Generated<number>;
  /** How many tracks it holds, hidden ones too; kept by triggers on `tracks`. */
  tracks_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** How many tracks and albums listeners see (`name`: the table), kept by triggers. */
export interface CatalogueCountsTable {
  name: string;
  visible: number;
}

/** One row: the first UTC day (YYYY-MM-DD) of the plays `artists.trending_plays` counts. */
export interface TrendingWindowTable {
  starts_on: string;
}

export interface AlbumArtistsTable {
  album_id: number;
  artist_id: number;
  position: Generated<number>;
}

export interface TracksTable {
  id: Generated<number>;
  name: string;
  album_id: number | null;
  number: number | null;
  disc: number | null;
  duration_ms: Generated<number>;
  audio_path: string;
  codec: string | null;
  bitrate: number | null;
  mime: string;
  file_size: Generated<number>;
  lyrics: string | null;
  /** JSON array of {time_ms, text}. */
  synced_lyrics: string | null;
  explicit: Generated<number>;
  plays: Generated<number>;
  musicbrainz_id: string | null;
  /** 1 while its release is not public. */
  hidden: Generated<number>;
  isrc: Generated<string | null>;
  /** Whether listeners whose plan includes downloads may keep the file. */
  downloadable: Generated<number>;
  /** EBU R128 integrated loudness (LUFS) and true peak (dBTP), measured on upload. */
  loudness_lufs: Generated<number | null>;
  true_peak_db: Generated<number | null>;
  /** ReplayGain 2.0: gains in dB (reference -18 LUFS), peaks linear; null until known. */
  track_gain: Generated<number | null>;
  track_peak: Generated<number | null>;
  album_gain: Generated<number | null>;
  album_peak: Generated<number | null>;
  /** JSON `{from, counts}`: how many gating blocks fell in each 0.1 LU from `from` / 10 LUFS. */
  loudness_blocks: Generated<string | null>;
  /** Where the gains came from: `tags`, `measured` or `failed`; null: not yet looked at. */
  loudness_source: Generated<string | null>;
  /** JSON array of 0..100, the loudest point of each slice: the track's waveform. */
  peaks: Generated<string | null>;
  /** Who uploaded it from the backstage: their plan's quota counts it. */
  uploaded_by: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export interface TrackArtistsTable {
  track_id: number;
  artist_id: number;
  position: Generated<number>;
}

export interface GenresTable {
  id: Generated<number>;
  /** Lowercased key, e.g. `hip hop`. */
  name: string;
  display_name: string;
  /** The tracks of the genre, kept by triggers. */
  tracks_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TrackGenresTable {
  track_id: number;
  genre_id: number;
  /** The track's plays, kept by triggers, so a genre's most played tracks are indexed. */
  track_plays: Generated<number>;
}
export interface AlbumGenresTable {
  album_id: number;
  genre_id: number;
  /** The album's plays, kept by triggers, so a genre's most played albums are indexed. */
  album_plays: Generated<number>;
}
export interface ArtistGenresTable {
  artist_id: number;
  genre_id: number;
  /** The artist's plays, kept by triggers, so a genre's most played artists are indexed. */
  artist_plays: Generated<number>;
}

export type ArtistRow = Selectable<ArtistsTable>;
export type AlbumRow = Selectable<AlbumsTable>;
export type TrackRow = Selectable<TracksTable>;
export type GenreRow = Selectable<GenresTable>;
