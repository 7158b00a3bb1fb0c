import type { Generated } from 'kysely';

/** One logged listen: at least 30 seconds played, or the track played to its end. */
export interface PlaysTable {
  id: Generated<number>;
  track_id: number;
  user_id: number | null;
  /** The visitor's session id: guests' plays count too. */
  session_id: string;
  played_ms: Generated<number>;
  device: string | null;
  browser: string | null;
  platform: string | null;
  country: string | null;
  city: Generated<string | null>;
  created_at: string;
}
