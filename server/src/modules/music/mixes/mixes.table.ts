import type { Generated } from 'kysely';

/** One of a listener's mixes of the day, made by the daily job from their listening. */
export interface MixesTable {
  id: Generated<number>;
  user_id: number;
  /** Its place among the listener's mixes, from 1. */
  position: number;
  name: string;
  description: string;
  /** The mosaic of its albums' covers, a storage URL. */
  image: string | null;
  /** JSON array of track ids, in play order. */
  track_ids: string;
  /** The UTC day (YYYY-MM-DD) it was made for. */
  made_on: string;
  created_at: string;
}
