import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** The tracks' ReplayGain figures and the state of their measurement. */

export type LoudnessSource = 'tags' | 'measured' | 'failed';

export interface TrackToMeasure {
  id: number;
  audio_path: string;
  album_id: number | null;
  /** The waveform, when an upload measured it already. */
  peaks: string | null;
}

/** The next tracks not yet looked at, by id from `afterId`. */
export function pendingTracks(
  db: Kysely<Database>,
  limit: number,
  afterId = 0,
): Promise<TrackToMeasure[]> {
  return db
    .selectFrom('tracks')
    .select(['id', 'audio_path', 'album_id', 'peaks'])
    .where('loudness_source', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Of these tracks, those not yet looked at. */
export function pendingAmong(db: Kysely<Database>, ids: number[]): Promise<TrackToMeasure[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tracks')
    .select(['id', 'audio_path', 'album_id', 'peaks'])
    .where('id', 'in', ids)
    .where('loudness_source', 'is', null)
    .orderBy('id')
    .execute();
}

export async function recordMeasured(
  db: Kysely<Database>,
  id: number,
  figures: {
    loudnessLufs: number | null;
    truePeakDb: number | null;
    trackGain: number | null;
    trackPeak: number | null;
    blocks: string | null;
  },
): Promise<void> {
  await db
    .updateTable('tracks')
    .set({
      loudness_source: 'measured',
      loudness_lufs: figures.loudnessLufs,
      true_peak_db: figures.truePeakDb,
      track_gain: figures.trackGain,
      track_peak: figures.trackPeak,
      loudness_blocks: figures.blocks,
    })
    .where('id', '=', id)
    .where('loudness_source', 'is', null)
    .execute();
}

/** The track's waveform (JSON peaks), unless it has one. */
export async function recordPeaks(db: Kysely<Database>, id: number, peaks: string): Promise<void> {
  await db
    .updateTable('tracks')
    .set({ peaks })
    .where('id', '=', id)
    .where('peaks', 'is', null)
    .execute();
}

/** A track whose audio could not be measured: not tried again until its file changes. */
export async function recordFailed(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('tracks')
    .set({ loudness_source: 'failed' })
    .where('id', '=', id)
    .where('loudness_source', 'is', null)
    .execute();
}

/** What the album's loudness is worked out from, for each of its tracks. */
export function albumLoudness(db: Kysely<Database>, albumId: number) {
  return db
    .selectFrom('tracks')
    .select(['id', 'loudness_source', 'loudness_blocks', 'track_peak'])
    .where('album_id', '=', albumId)
    .execute();
}

/** Sets the album figures of the album's measured tracks (tagged ones keep their own). */
export async function setAlbumFigures(
  db: Kysely<Database>,
  albumId: number,
  figures: { albumGain: number | null; albumPeak: number | null },
): Promise<void> {
  await db
    .updateTable('tracks')
    .set({ album_gain: figures.albumGain, album_peak: figures.albumPeak })
    .where('album_id', '=', albumId)
    .where('loudness_source', '=', 'measured')
    .execute();
}
