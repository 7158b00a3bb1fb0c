import {
  reach,
  ScrobblerRejectedError,
  ScrobblerUnavailableError,
  type ScrobbledTrack,
} from './scrobble-errors.js';

export type ListenBrainzClient = ReturnType<typeof listenBrainzClient>;

/** ListenBrainz's API (`/1/validate-token`, `/1/submit-listens`) at `baseUrl`. */
export function listenBrainzClient(baseUrl: string, client: { name: string; version: string }) {
  const api = (path: string) => `${baseUrl.replace(/\/+$/, '')}/1/${path}`;
  const auth = (token: string) => ({ authorization: `Token ${token}` });

  return {
    /** The account's name, or null for a token ListenBrainz does not know. */
    async validateToken(token: string): Promise<string | null> {
      const response = await reach(api('validate-token'), { headers: auth(token) });
      if (response.status === 400 || response.status === 401) return null;
      if (!response.ok) {
        throw new ScrobblerUnavailableError(`ListenBrainz answered ${response.status}`);
      }
      const body = (await response.json()) as { valid?: boolean; user_name?: string };
      return body.valid && body.user_name ? body.user_name : null;
    },

    /** A listen (`single`, heard from `listenedAt`) or what plays now (`playing_now`). */
    async submit(
      token: string,
      listen: { type: 'single'; listenedAt: Date } | { type: 'playing_now' },
      track: ScrobbledTrack,
    ): Promise<void> {
      const trackMetadata = {
        artist_name: track.artist,
        track_name: track.title,
        ...(track.album ? { release_name: track.album } : {}),
        additional_info: {
          duration_ms: track.durationMs,
          ...(track.recordingMbid ? { recording_mbid: track.recordingMbid } : {}),
          submission_client: client.name,
          submission_client_version: client.version,
        },
      };
      const payload =
        listen.type === 'single'
          ? {
              listened_at: Math.floor(listen.listenedAt.getTime() / 1000),
              track_metadata: trackMetadata,
            }
          : { track_metadata: trackMetadata };
      const response = await reach(api('submit-listens'), {
        method: 'POST',
        headers: { ...auth(token), 'content-type': 'application/json' },
        body: JSON.stringify({ listen_type: listen.type, payload: [payload] }),
      });
      if (response.status === 401) {
        throw new ScrobblerRejectedError('ListenBrainz no longer accepts this token.');
      }
      if (!response.ok) {
        const text = (await response.text()).slice(0, 200);
        throw new ScrobblerUnavailableError(`ListenBrainz answered ${response.status}: ${text}`);
      }
    },
  };
}
