import { z } from 'zod';
import { trackSchema } from './music.js';

/** How many tracks a radio answers: at least this many when the catalogue has them… */
export const RADIO_MIN_TRACKS = 10;
/** …and at most this many. */
export const RADIO_MAX_TRACKS = 100;
export const RADIO_DEFAULT_TRACKS = 50;

/** `GET /api/v1/radio/track/{id}` and `GET /api/v1/radio/artist/{id}`. */
export const radioSchema = z.object({ tracks: z.array(trackSchema) });
export type Radio = z.infer<typeof radioSchema>;

/** A mix made for one listener from their own listening, rebuilt every day. */
export const mixSchema = z.object({
  id: z.number(),
  model_type: z.literal('mix'),
  name: z.string(),
  /** What it is made of, e.g. "Jazz, Bill Evans, Miles Davis". */
  description: z.string(),
  /** A 2×2 mosaic of the covers of its tracks' albums; null when none has a cover. */
  image: z.string().nullable(),
  tracks_count: z.number(),
  /** The UTC day (YYYY-MM-DD) it was made for. */
  made_on: z.string(),
  /** On `GET /api/v1/me/mixes/{id}` only. */
  tracks: z.array(trackSchema).optional(),
});
export type Mix = z.infer<typeof mixSchema>;

/**
 * `GET /api/v1/me/mixes`: the listener's mixes; one with no listening yet gets the trending tracks
 * instead (and no mixes).
 */
export const mixesSchema = z.object({
  mixes: z.array(mixSchema),
  trending: z.array(trackSchema),
});
export type Mixes = z.infer<typeof mixesSchema>;
