import crypto from 'node:crypto';
import {
  reach,
  ScrobblerRejectedError,
  ScrobblerUnavailableError,
  type ScrobbledTrack,
} from './scrobble-errors.js';

export interface LastFmConfig {
  apiKey: string;
  apiSecret: string;
  /** The API's root, `https://ws.audioscrobbler.com/2.0/`. */
  apiUrl: string;
  /** The sign-in page, `https://www.last.fm/api/auth/`. */
  authUrl: string;
}

/** Last.fm's errors meaning the session or token is no good: signing in again is the only cure. */
const REJECTED = new Set([4, 9, 14, 15]);

/**
 * Last.fm's signature of a call: every parameter but `format` and `callback`, sorted by name,
 * as name and value run together, then the shared secret, through MD5.
 */
export function lastFmSignature(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'format' && name !== 'callback')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return crypto
    .createHash('md5')
    .update(text + secret, 'utf8')
    .digest('hex');
}

export type LastFmClient = ReturnType<typeof lastFmClient>;

/** Last.fm's web sign-in and its scrobbling API (auth.getSession, track.updateNowPlaying, track.scrobble). */
export function lastFmClient(config: LastFmConfig) {
  async function call(
    method: string,
    params: Record<string, string>,
  ): Promise<Record<string, unknown>> {
    const signed: Record<string, string> = { ...params, method, api_key: config.apiKey };
    signed.api_sig = lastFmSignature(signed, config.apiSecret);
    signed.format = 'json';
    const response = await reach(config.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signed).toString(),
    });
    const body = (await response.json().catch(() => null)) as {
      error?: number;
      message?: string;
    } | null;
    if (body && typeof body.error === 'number') {
      const message = `Last.fm error ${body.error}: ${body.message ?? ''}`;
      throw REJECTED.has(body.error)
        ? new ScrobblerRejectedError(message)
        : new ScrobblerUnavailableError(message);
    }
    if (!response.ok || !body) {
      throw new ScrobblerUnavailableError(`Last.fm answered ${response.status}`);
    }
    return body as Record<string, unknown>;
  }

  const trackParams = (track: ScrobbledTrack) => ({
    artist: track.artist,
    track: track.title,
    ...(track.album ? { album: track.album } : {}),
    ...(track.durationMs > 0 ? { duration: String(Math.round(track.durationMs / 1000)) } : {}),
    ...(track.recordingMbid ? { mbid: track.recordingMbid } : {}),
  });

  return {
    /** Where the browser signs in; Last.fm comes back to `callbackUrl` with `&token=…`. */
    authorizeUrl(callbackUrl: string): string {
      const url = new URL(config.authUrl);
      url.searchParams.set('api_key', config.apiKey);
      url.searchParams.set('cb', callbackUrl);
      return url.toString();
    },

    /** The session the sign-in's token stands for; null when Last.fm refuses the token. */
    async session(token: string): Promise<{ name: string; key: string } | null> {
      try {
        const body = await call('auth.getSession', { token });
        const session = body.session as { name?: string; key?: string } | undefined;
        if (!session?.key || !session.name) {
          throw new ScrobblerUnavailableError('Last.fm answered without a session.');
        }
        return { name: session.name, key: session.key };
      } catch (error) {
        if (error instanceof ScrobblerRejectedError) return null;
        throw error;
      }
    },

    async nowPlaying(sessionKey: string, track: ScrobbledTrack): Promise<void> {
      await call('track.updateNowPlaying', { ...trackParams(track), sk: sessionKey });
    },

    /** A scrobble Last.fm ignores (too old, a filtered artist) is an answer too, not a failure. */
    async scrobble(sessionKey: string, track: ScrobbledTrack, startedAt: Date): Promise<void> {
      await call('track.scrobble', {
        ...trackParams(track),
        timestamp: String(Math.floor(startedAt.getTime() / 1000)),
        sk: sessionKey,
      });
    },
  };
}
