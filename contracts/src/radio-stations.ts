import { z } from 'zod';

/** Add, change and delete internet radio stations (whose stream URLs the server opens). */
export const RADIO_PERMISSIONS = { manage: 'radio.manage' } as const;

/** An internet radio station: a live stream, played through the server, never seeked. */
export const radioStationSchema = z.object({
  id: z.number(),
  name: z.string(),
  stream_url: z.string(),
  homepage_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RadioStation = z.infer<typeof radioStationSchema>;

const webUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), message);

/** An optional web address: empty or missing is none. */
const optionalWebUrl = (message: string) =>
  z
    .union([webUrl(message), z.literal('')])
    .nullish()
    .transform((value) => value || null);

export const radioStationInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter the station’s name.').max(200),
  stream_url: webUrl('Enter the stream’s http or https address.'),
  homepage_url: optionalWebUrl('Enter the homepage’s http or https address.'),
  cover_url: optionalWebUrl('Enter the cover image’s http or https address.'),
});
export type RadioStationInput = z.infer<typeof radioStationInputSchema>;

/** What a station plays now, from its stream's ICY metadata; null when it sends none. */
export const radioNowPlayingSchema = z.object({ title: z.string().nullable() });
export type RadioNowPlaying = z.infer<typeof radioNowPlayingSchema>;
