import { z } from 'zod';
import { displayText } from './text.js';
import { integer, paginationSchema } from './http.js';

export {
  MUSIC_PERMISSIONS,
  PLAYLIST_MOSAIC_TILES,
  SEARCH_TYPES,
  type SearchType,
} from './music-constants.js';

export const ALBUM_TYPES = ['album', 'single', 'ep', 'compilation'] as const;
export type AlbumType = (typeof ALBUM_TYPES)[number];

export const LIKEABLE_TYPES = ['track', 'album', 'artist', 'playlist'] as const;
export type LikeableType = (typeof LIKEABLE_TYPES)[number];

export const FOLLOWABLE_TYPES = ['artist', 'user'] as const;
export type FollowableType = (typeof FOLLOWABLE_TYPES)[number];

export const CHANNEL_CONTENT_TYPES = [
  'artist',
  'album',
  'track',
  'playlist',
  'genre',
  'channel',
] as const;
export type ChannelContentType = (typeof CHANNEL_CONTENT_TYPES)[number];

export const CHANNEL_LAYOUTS = ['grid', 'compactGrid', 'carousel', 'list', 'trackTable'] as const;
export type ChannelLayout = (typeof CHANNEL_LAYOUTS)[number];

/** How a channel's own page brings more: on scroll, by page numbers, or previous and next. */
export const CHANNEL_PAGING = ['infinite', 'numbered', 'simple'] as const;
export type ChannelPaging = (typeof CHANNEL_PAGING)[number];

/** The order of a hand-filled channel: as placed, most played, newest, or latest released. */
export const CHANNEL_SORTS = ['curated', 'popular', 'recent', 'release'] as const;
export type ChannelSort = (typeof CHANNEL_SORTS)[number];

/**
 * Queries that fill a channel automatically; `genre` channels resolve for the genre in the URL,
 * `playlistTracks` for the playlist named by the channel's `query_value`.
 */
export const CHANNEL_QUERIES = [
  'topTracks',
  'newReleases',
  'popularAlbums',
  'popularArtists',
  'genres',
  'trendingArtists',
  'genreTopTracks',
  'genreAlbums',
  'playlistTracks',
] as const;
export type ChannelQuery = (typeof CHANNEL_QUERIES)[number];

/** What the library importer (folder scan, demo seed) hands to the catalogue for one file. */
export interface ImportTrackInput {
  title: string;
  artists: string[];
  albumArtists: string[];
  album: string | null;
  albumType?: AlbumType;
  trackNumber: number | null;
  discNumber: number | null;
  year: number | null;
  releaseDate?: string | null;
  genres: string[];
  durationMs: number;
  codec: string | null;
  bitrate: number | null;
  mime: string;
  fileSize: number;
  /** Relative to DATA_DIR, or an absolute path of an imported library file. */
  audioPath: string;
  coverImage?: { data: Buffer; mime: string } | null;
  lyrics?: string | null;
  syncedLyrics?: { timeMs: number; text: string }[] | null;
  musicbrainz?: { trackId?: string; albumId?: string; artistIds?: string[] };
  /** The file's ReplayGain tags: gains in dB, peaks linear. */
  replayGain?: {
    trackGain: number | null;
    trackPeak: number | null;
    albumGain: number | null;
    albumPeak: number | null;
  };
}

export interface ImportTrackResult {
  trackId: number;
  albumId: number | null;
  artistIds: number[];
}

export const artistRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  image_small: z.string().nullable(),
});
export type ArtistRef = z.infer<typeof artistRefSchema>;

export const genreSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  model_type: z.literal('genre'),
});
export type Genre = z.infer<typeof genreSchema>;

export const albumRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
});

export const syncedLyricLineSchema = z.object({ time_ms: z.number(), text: z.string() });

/**
 * ReplayGain 2.0 (reference -18 LUFS): gains in dB, peaks linear (1: full scale). From the
 * file's tags, else measured (EBU R128); `album_gain` is null where the album's is unknown.
 */
export const replayGainSchema = z.object({
  track_gain: z.number().nullable(),
  track_peak: z.number().nullable(),
  album_gain: z.number().nullable(),
  album_peak: z.number().nullable(),
});
export type ReplayGain = z.infer<typeof replayGainSchema>;

export const trackSchema = z.object({
  id: z.number(),
  name: z.string(),
  model_type: z.literal('track'),
  number: z.number().nullable(),
  disc: z.number().nullable(),
  duration_ms: z.number(),
  plays: z.number(),
  image: z.string().nullable(),
  album: albumRefSchema.nullable(),
  artists: z.array(artistRefSchema),
  genres: z.array(genreSchema).optional(),
  codec: z.string().nullable(),
  bitrate: z.number().nullable(),
  mime: z.string(),
  file_size: z.number(),
  stream_url: z.string(),
  lyrics: z.string().nullable().optional(),
  synced_lyrics: z.array(syncedLyricLineSchema).nullable().optional(),
  /** On the track page: the loudest point (0..100) of each slice of the audio, its waveform. */
  peaks: z.array(z.number()).nullable().optional(),
  /** MusicBrainz identifier read from the file's tags (recording, release or artist), if any. */
  musicbrainz_id: z.string().nullable().optional(),
  /** Marked explicit by an admin. */
  explicit: z.boolean(),
  /** Null until the track's loudness is known. */
  replay_gain: replayGainSchema.nullable(),
  is_liked: z.boolean().optional(),
  /** In listening history: when it was played. */
  played_at: z.string().optional(),
  /** In a collaborative playlist's tracks: who added it (null: unknown, such as an import). */
  added_by: z.object({ id: z.number(), display_name: z.string() }).nullable().optional(),
  created_at: z.string(),
});
export type Track = z.infer<typeof trackSchema>;

export const albumSchema = z.object({
  id: z.number(),
  name: z.string(),
  model_type: z.literal('album'),
  type: z.enum(ALBUM_TYPES),
  release_date: z.string().nullable(),
  year: z.number().nullable(),
  image: z.string().nullable(),
  plays: z.number(),
  artists: z.array(artistRefSchema),
  genres: z.array(genreSchema).optional(),
  tracks_count: z.number(),
  tracks: z.array(trackSchema).optional(),
  /** MusicBrainz identifier read from the file's tags (recording, release or artist), if any. */
  musicbrainz_id: z.string().nullable().optional(),
  is_liked: z.boolean().optional(),
  created_at: z.string(),
});
export type Album = z.infer<typeof albumSchema>;

export const artistLinkSchema = z.object({ url: z.string(), title: z.string() });

/** A link typed for an artist page: a web address only, so no `javascript:` reaches an href. */
export const artistLinkInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (url) => /^https?:\/\/[^\s]+$/i.test(url),
      'Enter a full address, starting with https://',
    ),
  title: z.string().trim().min(1).max(100),
});

export const artistSchema = z.object({
  id: z.number(),
  name: z.string(),
  model_type: z.literal('artist'),
  image_small: z.string().nullable(),
  image_large: z.string().nullable(),
  /** Sanitized HTML (paragraphs, emphasis, lists, links), or plain text from older profiles. */
  bio: z.string().nullable(),
  /** A wide picture across the top of the artist page. */
  header_image: z.string().nullable(),
  location: z.string().nullable(),
  verified: z.boolean(),
  links: z.array(artistLinkSchema),
  plays: z.number(),
  genres: z.array(genreSchema).optional(),
  followers_count: z.number().optional(),
  /** MusicBrainz identifier read from the file's tags (recording, release or artist), if any. */
  musicbrainz_id: z.string().nullable().optional(),
  is_followed: z.boolean().optional(),
  is_liked: z.boolean().optional(),
  created_at: z.string(),
});
export type Artist = z.infer<typeof artistSchema>;

export const artistPageSchema = z.object({
  artist: artistSchema.extend({
    albums: paginationSchema(albumSchema).shape.pagination,
    top_tracks: z.array(trackSchema),
    similar: z.array(artistSchema),
  }),
});

export const userRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  model_type: z.literal('user'),
});
export type UserRef = z.infer<typeof userRefSchema>;

export const playlistSchema = z.object({
  id: z.number(),
  name: z.string(),
  model_type: z.literal('playlist'),
  description: z.string().nullable(),
  image: z.string().nullable(),
  /** Album covers drawn as a 2×2 grid in place of `image`; empty when `image` is enough. */
  mosaic: z.array(z.string()),
  public: z.boolean(),
  collaborative: z.boolean(),
  owner: userRefSchema,
  tracks_count: z.number(),
  followers_count: z.number(),
  is_followed: z.boolean().optional(),
  is_owner: z.boolean().optional(),
  /** Whether the viewer may rename, describe, picture or delete it (its owner, or a workspace role). */
  can_edit: z.boolean().optional(),
  /** Whether the viewer may add, remove and reorder its tracks. */
  can_edit_tracks: z.boolean().optional(),
  /**
   * Whether the viewer may add tracks: with can_edit_tracks, or as a follower of a collaborative
   * playlist, who may then remove only the tracks they added.
   */
  can_add_tracks: z.boolean().optional(),
  /** The workspace it is shared with, or null for its owner's own. */
  workspace_id: z.number().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Playlist = z.infer<typeof playlistSchema>;

export const playlistInputSchema = z.object({
  name: displayText(250, { required: 'The name field is required.' }),
  description: displayText(5000, { multiline: true }).nullish(),
  public: z.boolean().optional(),
  collaborative: z.boolean().optional(),
});
export type PlaylistInput = z.infer<typeof playlistInputSchema>;

export const trackIdsSchema = z.object({
  trackIds: z
    .array(integer({ min: 1 }))
    .min(1)
    .max(1000),
});

/** The formats a playlist travels in: files other players read and write. */
export const PLAYLIST_FILE_FORMATS = ['m3u8', 'xspf', 'jspf'] as const;
export type PlaylistFileFormat = (typeof PLAYLIST_FILE_FORMATS)[number];

/** An entry of an imported playlist file that matched no track the importer may play. */
export const unmatchedEntrySchema = z.object({
  /** 1-based position in the file. */
  position: z.number(),
  title: z.string().nullable(),
  artist: z.string().nullable(),
  location: z.string().nullable(),
});
export type UnmatchedEntry = z.infer<typeof unmatchedEntrySchema>;

export const playlistImportSchema = z.object({
  playlist: playlistSchema,
  report: z.object({
    format: z.enum(['m3u', 'xspf', 'jspf']),
    total: z.number(),
    matched: z.number(),
    unmatched: z.array(unmatchedEntrySchema),
  }),
});
export type PlaylistImport = z.infer<typeof playlistImportSchema>;

/** One item of a channel: the object of its content type, tagged by `model_type`. */
export type ChannelItem = Artist | Album | Track | Playlist | Genre | Channel;

export interface Channel {
  id: number;
  name: string;
  slug: string;
  model_type: 'channel';
  description: string | null;
  content_type: ChannelContentType;
  layout: ChannelLayout;
  paging: ChannelPaging;
  sort: ChannelSort;
  query: ChannelQuery | null;
  /** What the query is about: the id of the playlist of `playlistTracks`. */
  query_value: string | null;
  content?: {
    data: ChannelItem[];
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
  };
}

export const channelItemSchema: z.ZodType<ChannelItem> = z.lazy(() =>
  z.union([trackSchema, albumSchema, artistSchema, playlistSchema, genreSchema, channelSchema]),
) as z.ZodType<ChannelItem>;

export const channelSchema: z.ZodType<Channel> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    model_type: z.literal('channel'),
    description: z.string().nullable(),
    content_type: z.enum(CHANNEL_CONTENT_TYPES),
    layout: z.enum(CHANNEL_LAYOUTS),
    paging: z.enum(CHANNEL_PAGING),
    sort: z.enum(CHANNEL_SORTS),
    query: z.enum(CHANNEL_QUERIES).nullable(),
    query_value: z.string().nullable(),
    content: paginationSchema(channelItemSchema).shape.pagination.optional(),
  }),
) as z.ZodType<Channel>;

export const searchResultsSchema = z.object({
  query: z.string(),
  /** One page of matches per type asked for, best first. */
  results: z.object({
    tracks: paginationSchema(trackSchema).shape.pagination.optional(),
    artists: paginationSchema(artistSchema).shape.pagination.optional(),
    albums: paginationSchema(albumSchema).shape.pagination.optional(),
    playlists: paginationSchema(playlistSchema).shape.pagination.optional(),
    users: paginationSchema(userRefSchema).shape.pagination.optional(),
  }),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const landingArtistsSchema = z.object({
  artists: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      image_small: z.string().nullable(),
      verified: z.boolean(),
      albums: z.array(albumRefSchema),
    }),
  ),
});
export type LandingArtists = z.infer<typeof landingArtistsSchema>;

export const logPlaySchema = z.object({
  played_ms: z.number().int().min(0),
  ended: z.boolean().optional(),
});

/** A user's public profile (`GET users/{id}/profile`): what anyone may see, nothing private. */
export const userProfileSchema = userRefSchema.extend({
  followers_count: z.number(),
  following_count: z.number(),
  /** Whether the viewer follows this user; false for guests and on one's own profile. */
  is_followed: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
