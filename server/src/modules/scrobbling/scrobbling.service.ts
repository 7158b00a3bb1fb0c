import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { SCROBBLERS, type Scrobbler, type ScrobblerName } from '@cadenza/contracts/scrobbling';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { safeEqual } from '../../infra/hash.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import type { SecretBox } from '../../infra/secret-box.js';
import type { LastFmClient } from './lastfm.client.js';
import type { ListenBrainzClient } from './listenbrainz.client.js';
import * as repo from './scrobbling.repo.js';
import { ScrobblerUnavailableError } from './scrobble-errors.js';

export type ScrobblingService = ReturnType<typeof createScrobblingService>;

export const SERVICE_NAMES: Record<ScrobblerName, string> = {
  listenbrainz: 'ListenBrainz',
  lastfm: 'Last.fm',
};

/** Token checks a user may ask for in a window: a stolen session cannot test tokens in bulk. */
const CONNECT_MAX = 10;
const CONNECT_WINDOW_SECONDS = 600;
/** How long Last.fm's sign-in may take before its state is stale. */
const STATE_TTL_SECONDS = 15 * 60;

/**
 * The listening services of each user: connecting one (its token checked with the service and
 * kept sealed), listing and disconnecting them. Sending the listens is `scrobble-jobs.ts`'s.
 */
export function createScrobblingService({
  db,
  box,
  limiter,
  listenBrainz,
  lastFm,
  appUrl,
  stateKey,
}: {
  db: Kysely<Database>;
  box: SecretBox;
  limiter: RateLimiter;
  listenBrainz: ListenBrainzClient;
  /** Null without `LASTFM_API_KEY` and `LASTFM_API_SECRET`. */
  lastFm: LastFmClient | null;
  appUrl: string;
  /** Signs the state of Last.fm's sign-in, so its return is bound to the user who left. */
  stateKey: string;
}) {
  const signState = (userId: number, issuedAt: number) =>
    crypto.createHmac('sha256', stateKey).update(`${userId}.${issuedAt}`).digest('base64url');

  async function throttle(userId: number) {
    const { allowed, retryAfter } = await limiter.hit(
      `scrobblers:connect:${userId}`,
      CONNECT_MAX,
      CONNECT_WINDOW_SECONDS,
    );
    if (!allowed) throw AppError.tooManyRequests(retryAfter);
  }

  function unreachable(service: ScrobblerName, error: unknown): never {
    if (error instanceof ScrobblerUnavailableError) {
      throw AppError.unavailable(
        `${SERVICE_NAMES[service]} could not be reached. Try again in a moment.`,
      );
    }
    throw error;
  }

  async function save(userId: number, service: ScrobblerName, token: string, username: string) {
    await repo.saveScrobbler(db, {
      user_id: userId,
      service,
      sealed_token: box.seal(token),
      username,
      created_at: new Date().toISOString(),
    });
  }

  const service = {
    async list(userId: number): Promise<Scrobbler[]> {
      const rows = await repo.scrobblersOf(db, userId);
      return SCROBBLERS.map((name) => {
        const row = rows.find((r) => r.service === name);
        return {
          service: name,
          available: name === 'listenbrainz' || lastFm !== null,
          connected: Boolean(row),
          username: row?.username ?? null,
          connected_at: row ? new Date(row.created_at).toISOString() : null,
        };
      });
    },

    /** Saves a ListenBrainz user token once ListenBrainz says whose it is. */
    async connectListenBrainz(userId: number, token: string): Promise<Scrobbler[]> {
      await throttle(userId);
      const username = await listenBrainz
        .validateToken(token)
        .catch((error: unknown) => unreachable('listenbrainz', error));
      if (!username) {
        throw AppError.validation({ token: 'ListenBrainz does not know this token.' });
      }
      await save(userId, 'listenbrainz', token, username);
      return service.list(userId);
    },

    /** Where to send the browser to sign in to Last.fm; it comes back to account settings. */
    lastFmAuthorizeUrl(userId: number): string {
      if (!lastFm) throw AppError.notFound('Last.fm is not set up on this server.');
      const issuedAt = Math.floor(Date.now() / 1000);
      const state = `${issuedAt}.${signState(userId, issuedAt)}`;
      const callback = new URL('/account-settings', appUrl);
      callback.searchParams.set('connect', 'lastfm');
      callback.searchParams.set('state', state);
      return lastFm.authorizeUrl(callback.toString());
    },

    /** Trades the token of Last.fm's sign-in for a session, for the user who went to sign in. */
    async connectLastFm(userId: number, token: string, state: string): Promise<Scrobbler[]> {
      if (!lastFm) throw AppError.notFound('Last.fm is not set up on this server.');
      await throttle(userId);
      const [issued = '', mac = ''] = state.split('.');
      const issuedAt = Number(issued);
      const fresh = Number.isInteger(issuedAt) && Date.now() / 1000 - issuedAt <= STATE_TTL_SECONDS;
      if (!fresh || !safeEqual(mac, signState(userId, issuedAt))) {
        throw AppError.validation({ state: 'This Last.fm sign-in has expired. Start again.' });
      }
      const session = await lastFm
        .session(token)
        .catch((error: unknown) => unreachable('lastfm', error));
      if (!session) {
        throw AppError.validation({ token: 'Last.fm did not confirm this sign-in. Start again.' });
      }
      await save(userId, 'lastfm', session.key, session.name);
      return service.list(userId);
    },

    async disconnect(userId: number, name: ScrobblerName): Promise<Scrobbler[]> {
      await repo.deleteScrobbler(db, userId, name);
      return service.list(userId);
    },
  };
  return service;
}
