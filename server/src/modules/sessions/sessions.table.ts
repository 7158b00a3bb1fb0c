import type { Selectable } from 'kysely';

/** A server-side session; the cookie holds a random id and the table only its SHA-256. */
export interface SessionsTable {
  id: string;
  user_id: number | null;
  ip_address: string | null;
  user_agent: string | null;
  /** JSON of short-lived values kept between requests (e.g. a pending two-factor login). */
  payload: string;
  remember: number;
  password_confirmed_at: string | null;
  last_active: string;
  expires_at: string;
  created_at: string;
}

export type SessionRow = Selectable<SessionsTable>;

export interface KnownDevicesTable {
  user_id: number;
  /** A hash of the browser and system the user agent names. */
  device_hash: string;
  last_seen_at: string;
}

declare module '../../core/request-context.js' {
  /** A request's session row is a whole row of this table; core reads only its own part. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges with core's
  interface SessionRecord extends SessionRow {}
}
