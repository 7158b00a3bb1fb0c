import { z } from 'zod';

/** The services a user's listens can be sent to. */
export const SCROBBLERS = ['listenbrainz', 'lastfm'] as const;
export type ScrobblerName = (typeof SCROBBLERS)[number];

/** One service as account settings show it. */
export const scrobblerSchema = z.object({
  service: z.enum(SCROBBLERS),
  /** The operator set the service up (Last.fm needs an API key; ListenBrainz always can). */
  available: z.boolean(),
  connected: z.boolean(),
  /** The account's name on that service, once connected. */
  username: z.string().nullable(),
  connected_at: z.string().nullable(),
});
export type Scrobbler = z.infer<typeof scrobblerSchema>;

/** `GET /api/v1/me/scrobblers`. */
export const scrobblersSchema = z.object({ scrobblers: z.array(scrobblerSchema) });

/** `PUT /api/v1/me/scrobblers/listenbrainz`: the user token from ListenBrainz's settings. */
export const connectListenBrainzSchema = z.object({
  token: z.string().trim().min(1).max(100),
});

/**
 * `PUT /api/v1/me/scrobblers/lastfm`: the token Last.fm's sign-in page hands back, with the state
 * this app put in the callback address.
 */
export const connectLastFmSchema = z.object({
  token: z.string().trim().min(1).max(100),
  state: z.string().min(1).max(200),
});

/** `GET /api/v1/me/scrobblers/lastfm/authorize`: where to send the browser to sign in. */
export const lastFmAuthorizeSchema = z.object({ url: z.string() });

/** `POST /api/v1/tracks/{id}/now-playing`: the web player started a track. */
export const nowPlayingSchema = z.object({ ok: z.boolean() });
