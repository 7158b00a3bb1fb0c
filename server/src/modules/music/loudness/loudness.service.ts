import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Jobs } from '../../../infra/jobs/index.js';
import { measureAudio } from '../audio-analysis.js';
import {
  gainFor,
  histogramOf,
  integratedLoudness,
  linearPeak,
  parseHistogram,
  type BlockHistogram,
} from './loudness-math.js';
import * as repo from './loudness.repo.js';

/** Tracks measured by one background job before it hands on to the next. */
export const MEASURE_BATCH = 25;

/** `trackIds`: measure these (if not yet looked at); none: the next batch of the catalogue. */
export interface LoudnessJob {
  trackIds?: number[];
}

export type LoudnessService = ReturnType<typeof createLoudnessService>;

/** ffmpeg itself could not be started: the track is not at fault, so it is tried again later. */
function ffmpegMissing(error: unknown): boolean {
  const { code, syscall } = error as { code?: string; syscall?: string };
  return code === 'ENOENT' && typeof syscall === 'string' && syscall.startsWith('spawn');
}

/**
 * Each track's ReplayGain figures: read from its tags at import (the catalogue writes those),
 * else measured from its audio with ffmpeg's EBU R128 meter as a job. An album's gain is its
 * tracks' gating blocks gated together once none of them is waiting to be measured.
 *
 * Whatever is not yet measured (an existing catalogue, tracks added while the app was down) is
 * measured in the background a batch at a time, each job handing on to the next: the state is
 * the tracks' own, so a restart picks up where the last batch ended.
 */
export function createLoudnessService({
  db,
  dataDir,
  ffmpeg,
  jobs,
  batch = MEASURE_BATCH,
  log = (message, error) => console.error(message, error),
}: {
  db: Kysely<Database>;
  dataDir: string;
  ffmpeg: string;
  jobs: Jobs;
  /** Tracks one job measures. */
  batch?: number;
  log?: (message: string, error?: unknown) => void;
}) {
  const queue = jobs.queue<LoudnessJob>(
    'loudness',
    (job) => (job.trackIds ? measureTracks(job.trackIds) : measureNextBatch()),
    // One decode at a time: the meter is CPU-bound and listeners come first.
    { concurrency: 1 },
  );

  const fileOf = (audioPath: string) =>
    path.isAbsolute(audioPath) ? audioPath : path.join(dataDir, audioPath);

  async function measureTrack(track: repo.TrackToMeasure): Promise<void> {
    let measured;
    try {
      // The waveform too, for the player's scrubber, when the track has none yet: one decode.
      measured = await measureAudio(ffmpeg, fileOf(track.audio_path), {
        waveform: track.peaks === null,
      });
    } catch (error) {
      if (ffmpegMissing(error)) throw error;
      log(`the loudness of track ${track.id} could not be measured`, error);
      await repo.recordFailed(db, track.id);
      return;
    }
    const histogram = histogramOf(measured.blocks);
    // Before the figures, so a measured track has its waveform as well.
    if (measured.peaks && measured.peaks.length > 0) {
      await repo.recordPeaks(db, track.id, JSON.stringify(measured.peaks));
    }
    await repo.recordMeasured(db, track.id, {
      loudnessLufs: measured.integrated,
      truePeakDb: measured.truePeak,
      // Silence has no loudness, hence no gain: players leave it as it is.
      trackGain: gainFor(histogram ? integratedLoudness([histogram]) : null),
      trackPeak: linearPeak(measured.truePeak),
      blocks: histogram ? JSON.stringify(histogram) : null,
    });
  }

  /**
   * The album's gain and peak on its measured tracks, once none of its tracks waits to be
   * measured. An album with tagged tracks keeps its tags' figures; its measured tracks get no
   * album gain rather than one from part of the album (players fall back to the track gain).
   */
  async function refreshAlbum(albumId: number): Promise<void> {
    const tracks = await repo.albumLoudness(db, albumId);
    if (tracks.some((track) => track.loudness_source === null)) return;
    const measured = tracks.filter((track) => track.loudness_source === 'measured');
    if (measured.length === 0) return;
    const partial = tracks.some((track) => track.loudness_source === 'tags');
    const histograms = measured
      .map((track) => parseHistogram(track.loudness_blocks))
      .filter((histogram): histogram is BlockHistogram => histogram !== null);
    const peaks = measured
      .map((track) => track.track_peak)
      .filter((peak): peak is number => peak !== null);
    await repo.setAlbumFigures(db, albumId, {
      albumGain: partial ? null : gainFor(integratedLoudness(histograms)),
      albumPeak: partial || peaks.length === 0 ? null : Math.max(...peaks),
    });
  }

  /** Measures those of these tracks not yet looked at, then their albums. */
  async function measureTracks(trackIds: number[]): Promise<void> {
    const tracks = await repo.pendingAmong(db, trackIds);
    for (const track of tracks) await measureTrack(track);
    const albums = new Set(tracks.map((track) => track.album_id).filter((id) => id !== null));
    for (const albumId of albums) await refreshAlbum(albumId);
  }

  /** One batch of the catalogue's unmeasured tracks; the next batch as another job. */
  async function measureNextBatch(): Promise<void> {
    const next = await repo.pendingTracks(db, batch);
    await measureTracks(next.map((track) => track.id));
    if (next.length === batch) await queue.add({});
  }

  return {
    measureTracks,
    /** Queues the measurement of newly written tracks (an import's, an upload's). */
    async measureSoon(trackIds: number[]): Promise<void> {
      for (let i = 0; i < trackIds.length; i += batch) {
        await queue.add({ trackIds: trackIds.slice(i, i + batch) });
      }
    },
    /** Starts measuring the catalogue's unmeasured tracks in the background, if there are any. */
    async measureBacklog(): Promise<void> {
      if ((await repo.pendingTracks(db, 1)).length > 0) await queue.add({});
    },
  };
}
