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
