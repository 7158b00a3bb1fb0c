import { z } from 'zod';
import { integer } from './http.js';
import { artistLinkInputSchema, artistLinkSchema } from './music.js';
import { displayText } from './text.js';

/**
 * What a user asks of the backstage: a new artist profile of their own, an existing profile
 * handed to them, or the verified badge for a profile they manage.
 */
export const BACKSTAGE_REQUEST_TYPES = ['become-artist', 'claim-artist', 'verify-artist'] as const;
export type BackstageRequestType = (typeof BACKSTAGE_REQUEST_TYPES)[number];

export const BACKSTAGE_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type BackstageRequestStatus = (typeof BACKSTAGE_REQUEST_STATUSES)[number];

export const backstageRequestInputSchema = z.object({
  type: z.enum(BACKSTAGE_REQUEST_TYPES),
  /** The new profile's name (becoming an artist); a claim or badge names `artist_id` instead. */
  artist_name: displayText(255).optional(),
  artist_id: integer({ min: 1 }).optional(),
  /** A label: the profile goes to this workspace, shared by its members. */
  workspace_id: integer({ min: 1 }).nullish(),
  links: z.array(artistLinkInputSchema).max(10).default([]),
  /** Where the reviewer can check who the user is: a press page, a label's letter… */
  proof: displayText(2000, { multiline: true, required: 'Tell us how we can check it is you.' }),
  message: displayText(2000, { multiline: true }).nullish(),
  /** An uploaded picture: the new profile's, or one that supports the claim. */
  image_file_entry_id: integer({ min: 1 }).nullish(),
});
export type BackstageRequestInput = z.infer<typeof backstageRequestInputSchema>;

export const backstageRequestSchema = z.object({
  id: z.number(),
  type: z.enum(BACKSTAGE_REQUEST_TYPES),
  status: z.enum(BACKSTAGE_REQUEST_STATUSES),
  artist_name: z.string(),
  /** The profile claimed or to verify, or the one created on approval. */
  artist: z
    .object({ id: z.number(), name: z.string(), image_small: z.string().nullable() })
    .nullable(),
  workspace: z.object({ id: z.number(), name: z.string() }).nullable(),
  links: z.array(artistLinkSchema),
  proof: z.string(),
  message: z.string().nullable(),
  image: z.string().nullable(),
  /** Why it was denied. */
  reason: z.string().nullable(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string().optional() }),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type BackstageRequest = z.infer<typeof backstageRequestSchema>;

export const denyRequestSchema = z.object({
  reason: displayText(1000, { multiline: true, required: 'Tell the artist why.' }),
});

/** An artist profile a user manages, alone or through a workspace (a label). */
export const managedArtistSchema = z.object({
  id: z.number(),
  name: z.string(),
  image_small: z.string().nullable(),
  verified: z.boolean(),
  workspace: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Edit the profile and releases, or only see them (a label's member). */
  access: z.enum(['edit', 'view']),
});
export type ManagedArtist = z.infer<typeof managedArtistSchema>;

/**
 * What each workspace role may do with its label's artists: the owner and admins run the
 * profiles and releases; members see them and their insights.
 */
export const LABEL_ROLE_ACCESS = { owner: 'edit', admin: 'edit', member: 'view' } as const;
export type ArtistAccess = 'edit' | 'view';

export const artistProfileInputSchema = z.object({
  /** Rich text; the server keeps paragraphs, emphasis, lists, quotes and links only. */
  bio: z.string().max(20000).nullish(),
  links: z.array(artistLinkInputSchema).max(20).optional(),
  genres: z.array(z.string().trim().min(1).max(100)).max(10).optional(),
  location: displayText(255).nullish(),
});
export type ArtistProfileInput = z.infer<typeof artistProfileInputSchema>;

export const IMAGE_KINDS = ['portrait', 'header'] as const;

/** What an artist releases from the backstage (a compilation is the catalogue's own kind). */
export const RELEASE_TYPES = ['album', 'single', 'ep'] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];

/**
 * Draft: being prepared, seen only by its artist. Scheduled: goes public by itself at its time.
 * Published: public. Unpublished: taken down, kept with its plays for the artist.
 */
export const RELEASE_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** An International Standard Recording Code, e.g. USRC17607839. */
export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

export const releaseTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  number: z.number().nullable(),
  duration_ms: z.number(),
  /** Artists credited beside the release's own. */
  featured_artists: z.array(z.string()),
  genres: z.array(z.string()),
  /** Plain text, or LRC when the lines are timed. */
  lyrics: z.string().nullable(),
  explicit: z.boolean(),
  isrc: z.string().nullable(),
  downloadable: z.boolean(),
  /** Measured after upload (EBU R128) as a job; null until then, or without ffmpeg on the server. */
  loudness_lufs: z.number().nullable(),
  true_peak_db: z.number().nullable(),
  peaks: z.array(z.number()).nullable(),
  /** The loudness and waveform are still to be measured: ask again in a moment. */
  measuring: z.boolean(),
  codec: z.string().nullable(),
  mime: z.string(),
  plays: z.number(),
});
export type ReleaseTrack = z.infer<typeof releaseTrackSchema>;

export const releaseSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  status: z.enum(RELEASE_STATUSES),
  release_date: z.string().nullable(),
  publish_at: z.string().nullable(),
  image: z.string().nullable(),
  tracks_count: z.number(),
  duration_ms: z.number(),
  plays: z.number(),
});
export type ReleaseSummary = z.infer<typeof releaseSummarySchema>;

export const releaseSchema = releaseSummarySchema.extend({
  artist: z.object({ id: z.number(), name: z.string() }),
  genres: z.array(z.string()),
  tracks: z.array(releaseTrackSchema),
  access: z.enum(['edit', 'view']),
});
export type Release = z.infer<typeof releaseSchema>;

/** How much music a plan lets a user upload, in tracks and in minutes; null: no limit. */
export const uploadQuotaSchema = z.object({
  tracks: z.object({ used: z.number(), limit: z.number().nullable() }),
  minutes: z.object({ used: z.number(), limit: z.number().nullable() }),
});
export type UploadQuota = z.infer<typeof uploadQuotaSchema>;

const releaseName = displayText(255, { required: 'Give the release a title.' });
const names = z.array(z.string().trim().min(1).max(255)).max(10);

export const releaseCreateSchema = z.object({
  name: releaseName,
  type: z.enum(RELEASE_TYPES).default('album'),
});

export const releaseTrackInputSchema = z.object({
  id: integer({ min: 1 }),
  name: displayText(255, { required: 'Give the track a title.' }),
  featured_artists: names.default([]),
  genres: names.default([]),
  lyrics: z.string().max(50_000).nullish(),
  explicit: z.boolean().default(false),
  isrc: z
    .string()
    .trim()
    .transform((value) => value.replace(/-/g, '').toUpperCase())
    .pipe(z.string().regex(ISRC_PATTERN, 'An ISRC has 12 characters, like USRC17607839.'))
    .nullish()
    .or(z.literal('').transform(() => null)),
  downloadable: z.boolean().default(true),
});
export type ReleaseTrackInput = z.infer<typeof releaseTrackInputSchema>;

/** The whole release as its editor saves it; the tracks in their order, each listed once. */
export const releaseInputSchema = z.object({
  name: releaseName,
  type: z.enum(RELEASE_TYPES),
  release_date: z.iso.date({ message: 'Choose a valid date.' }).nullish(),
  genres: names.default([]),
  tracks: z.array(releaseTrackInputSchema).max(100),
});
export type ReleaseInput = z.infer<typeof releaseInputSchema>;

export const publishReleaseSchema = z.object({
  /** A time to go public by itself; absent: now. */
  publish_at: z.iso.datetime({ offset: true, message: 'Choose a valid date and time.' }).nullish(),
});

export const INSIGHTS_SCOPES = ['artist', 'album', 'track'] as const;
export type InsightsScopeKind = (typeof INSIGHTS_SCOPES)[number];

export const insightsQuerySchema = z.object({
  scope: z.enum(INSIGHTS_SCOPES),
  id: integer({ min: 1 }),
  /** Days, both included; the last 28 days when absent. */
  from: z.iso.date({ message: 'Choose a valid date.' }).optional(),
  to: z.iso.date({ message: 'Choose a valid date.' }).optional(),
});

const countsSchema = z.array(z.object({ name: z.string(), count: z.number() }));

export const insightsSchema = z.object({
  scope: z.enum(INSIGHTS_SCOPES),
  id: z.number(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  totals: z.object({
    plays: z.number(),
    listeners: z.number(),
    saves: z.number(),
    playlist_adds: z.number(),
    /** Only for an artist. */
    followers_gained: z.number().nullable(),
  }),
  /** Every day of the range, with no plays as 0. */
  plays_by_day: z.array(z.object({ date: z.string(), plays: z.number() })),
  top_tracks: z.array(
    z.object({ id: z.number(), name: z.string(), plays: z.number(), listeners: z.number() }),
  ),
  countries: countsSchema,
  cities: countsSchema,
  devices: countsSchema,
  browsers: countsSchema,
  platforms: countsSchema,
});
export type Insights = z.infer<typeof insightsSchema>;
