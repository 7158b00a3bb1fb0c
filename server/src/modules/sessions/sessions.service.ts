import type { Kysely } from 'kysely';
import { newGuestId, REMEMBER_SECONDS } from '../../core/session-cookie.js';
import type { Database } from '../../db/schema.js';
import { randomToken, sha256 } from '../../infra/hash.js';
import type { UserRow } from '../users/users.table.js';
import { describeDevice } from './device.js';
import * as repo from './sessions.repo.js';
import type { SessionRow } from './sessions.table.js';

/** A session without 'stay signed in' ends after this much inactivity. */
export const IDLE_SECONDS = 12 * 60 * 60;
// Writing last_active on every request would turn each read into a write.
const TOUCH_INTERVAL_MS = 60_000;

/** When a request with this session next keeps it alive (see `touch`): once a minute at most. */
export function nextTouchAt(row: SessionRow): number {
  return Date.parse(row.last_active) + TOUCH_INTERVAL_MS;
}

export type SessionsService = ReturnType<typeof createSessionsService>;

export interface SessionClient {
  ip: string | null;
  userAgent: string | null;
}

function expiry(remember: boolean, from = Date.now()): string {
  return new Date(from + (remember ? REMEMBER_SECONDS : IDLE_SECONDS) * 1000).toISOString();
}

/** Which signed-in sessions just ended: some of a user's, or all but one, or all. */
export interface SessionsEnded {
  userId: number;
  /** The stored (hashed) ids of the sessions that ended; absent when all of the user's did. */
  sessionIds?: string[];
  /** With all of the user's: the one that stays. */
  except?: string;
}

/** Where an admin signed in as another user keeps their own id, to return to it. */
export const IMPERSONATOR_KEY = 'impersonator';

/** The short-lived values a session keeps (JSON in its row). */
/** The admin who signed in as this session's user, if one did. */
export function impersonatorOf(row: SessionRow | null): number | null {
  const id = payloadOf(row)[IMPERSONATOR_KEY];
  return typeof id === 'number' ? id : null;
}

function payloadOf(row: SessionRow | null): Record<string, unknown> {
  if (!row) return {};
  try {
    return JSON.parse(row.payload) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function createSessionsService(db: Kysely<Database>) {
  const listeners = new Set<(ended: SessionsEnded) => void>();
  const ended = (event: SessionsEnded) => listeners.forEach((listener) => listener(event));

  /** The session, or undefined once it has expired (it is then deleted). */
  async function unexpired(row: SessionRow): Promise<SessionRow | undefined> {
    if (row.expires_at > new Date().toISOString()) return row;
    await repo.deleteSession(db, row.id);
    return undefined;
  }

  async function find(rawId: string): Promise<SessionRow | undefined> {
    const row = await repo.findSession(db, sha256(rawId));
    return row && (await unexpired(row));
  }

  return {
    /** Tells `listener` whenever signed-in sessions end (live streams close with them). */
    onEnd(listener: (ended: SessionsEnded) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** A fresh random id for a guest's cookie, marked as one. Only its hash is ever stored. */
    newId: newGuestId,

    find,

    /** The session with the user it belongs to (none for a guest's), read together. */
    async findWithUser(
      rawId: string,
    ): Promise<{ session: SessionRow; user: UserRow | undefined } | undefined> {
      const found = await repo.findSessionWithUser(db, sha256(rawId));
      return found && (await unexpired(found.session)) && found;
    },

    /** Starts a signed-in session under a new id, ending the previous one (no session fixation). */
    async startForUser(
      previousRawId: string | undefined,
      userId: number,
      remember: boolean,
      client: SessionClient,
      payload: Record<string, unknown> = {},
    ): Promise<{ rawId: string; row: SessionRow }> {
      if (previousRawId) await repo.deleteSession(db, sha256(previousRawId));
      const rawId = randomToken(30);
      const now = new Date().toISOString();
      const row: SessionRow = {
        id: sha256(rawId),
        user_id: userId,
        ip_address: client.ip,
        user_agent: client.userAgent?.slice(0, 1000) ?? null,
        payload: JSON.stringify(payload),
        remember: remember ? 1 : 0,
        password_confirmed_at: null,
        last_active: now,
        expires_at: expiry(remember),
        created_at: now,
      };
      await repo.insertSession(db, row);
      return { rawId, row };
    },

    async end(rawId: string): Promise<void> {
      const row = await repo.findSession(db, sha256(rawId));
      await repo.deleteSession(db, sha256(rawId));
      if (row?.user_id) ended({ userId: row.user_id, sessionIds: [row.id] });
    },

    /** Keeps an active session alive, at most once a minute. */
    async touch(row: SessionRow, client: SessionClient): Promise<void> {
      const now = Date.now();
      if (now < nextTouchAt(row)) return;
      await repo.updateSession(db, row.id, {
        last_active: new Date(now).toISOString(),
        ip_address: client.ip,
        ...(row.remember ? {} : { expires_at: expiry(false, now) }),
      });
    },

    /**
     * Keeps short-lived values for a visitor between requests (a pending two-factor login).
     * A guest gets a row without a user that ends after `ttlSeconds`.
     */
    async setGuestPayload(
      rawId: string,
      payload: Record<string, unknown>,
      ttlSeconds: number,
      client: SessionClient,
    ): Promise<void> {
      const id = sha256(rawId);
      const now = new Date();
      const existing = await repo.findSession(db, id);
      if (existing?.user_id) throw new Error('a signed-in session has no guest payload');
      const expiresAt = new Date(now.getTime() + ttlSeconds * 1000).toISOString();
      if (existing) {
        await repo.updateSession(db, id, {
          payload: JSON.stringify(payload),
          expires_at: expiresAt,
        });
        return;
      }
      await repo.insertSession(db, {
        id,
        user_id: null,
        ip_address: client.ip,
        user_agent: client.userAgent?.slice(0, 1000) ?? null,
        payload: JSON.stringify(payload),
        remember: 0,
        password_confirmed_at: null,
        last_active: now.toISOString(),
        expires_at: expiresAt,
        created_at: now.toISOString(),
      });
    },

    /**
     * The values kept for a guest by `setGuestPayload`, read from the store: a guest's row is not
     * read with each of their requests, only by the steps that need it.
     */
    async guestPayload(rawId: string): Promise<Record<string, unknown>> {
      const row = await find(rawId);
      return row && !row.user_id ? payloadOf(row) : {};
    },

    /** The admin who signed in as this session's user, if one did. */
    impersonatorOf,

    /** Records that the password was just confirmed in this session (and only this one). */
    async markPasswordConfirmed(row: SessionRow): Promise<string> {
      const at = new Date().toISOString();
      await repo.updateSession(db, row.id, { password_confirmed_at: at });
      return at;
    },

    /**
     * Remembers the browser and system of a sign-in; says whether the user never signed in with
     * them before (their very first sign-in does not count as new).
     */
    async recordDevice(userId: number, userAgent: string | null): Promise<boolean> {
      const device = describeDevice(userAgent);
      const hash = sha256(`${device.device_type}|${device.platform ?? ''}|${device.browser ?? ''}`);
      const { isNew, firstDevice } = await repo.rememberDevice(
        db,
        userId,
        hash,
        new Date().toISOString(),
      );
      return isNew && !firstDevice;
    },

    async endOthers(userId: number, currentRow: SessionRow | null): Promise<void> {
      await repo.deleteSessionsOfUser(db, userId, currentRow?.id);
      ended({ userId, ...(currentRow ? { except: currentRow.id } : {}) });
    },
    async endAll(userId: number): Promise<void> {
      await repo.deleteSessionsOfUser(db, userId);
      ended({ userId });
    },
    listForUser: (userId: number) => repo.sessionsOfUser(db, userId, new Date().toISOString()),
    pruneExpired: () => repo.deleteExpiredSessions(db, new Date().toISOString()),
  };
}
