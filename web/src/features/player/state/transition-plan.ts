import type { PlayerTrack } from './player-state';

/*
 * When the next track starts and how loud each one is meanwhile: pure arithmetic on the audio
 * clock (AudioContext.currentTime, in seconds), so it is tested without a sound card.
 */

export const MAX_CROSSFADE_SECONDS = 12;

/** Tracks longer than this are not decoded ahead (a decoded minute of stereo is ~20 MB). */
export const MAX_DECODED_TRACK_MS = 15 * 60_000;

/** A fade never takes more than this share of either track, so short tracks still get heard. */
const MAX_FADE_SHARE = 0.5;

export function clampCrossfade(seconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(MAX_CROSSFADE_SECONDS, Math.max(0, Math.round(seconds)));
}

/**
 * Whether `next` continues `current` as one recording: the following track of the same album.
 * Without track numbers, the same album played without shuffle counts as in order.
 */
export function continuesAlbum(current: PlayerTrack, next: PlayerTrack, shuffle: boolean): boolean {
  if (!current.album || !next.album || current.album.id !== next.album.id) return false;
  if (current.id === next.id) return false;
  const a = current.number;
  const b = next.number;
  if (typeof a === 'number' && typeof b === 'number') return b === a + 1;
  return !shuffle;
}

/** The audio-clock time at which a source started at `startedAt` from `offset` reaches `duration`. */
export function endOnClock(startedAt: number, offset: number, duration: number): number {
  return startedAt + Math.max(0, duration - offset);
}

/** Where in its track a source started at `startedAt` from `offset` is at `now`. */
export function positionOnClock(now: number, startedAt: number, offset: number): number {
  return offset + Math.max(0, now - startedAt);
}

export interface TransitionInput {
  /** When the playing track reaches its end, on the audio clock. */
  currentEndsAt: number;
  currentDuration: number;
  nextDuration: number;
  crossfadeSeconds: number;
  /** The next track continues the recording: no fade, whatever the setting. */
  gapless: boolean;
}

export interface TransitionPlan {
  /** When the next track's first sample plays. */
  nextStartsAt: number;
  /** How long both play together (0: back to back, sample after sample). */
  fadeSeconds: number;
}

export function planTransition(input: TransitionInput): TransitionPlan {
  const wanted = input.gapless ? 0 : clampCrossfade(input.crossfadeSeconds);
  const fadeSeconds = Math.max(
    0,
    Math.min(wanted, input.currentDuration * MAX_FADE_SHARE, input.nextDuration * MAX_FADE_SHARE),
  );
  return { nextStartsAt: input.currentEndsAt - fadeSeconds, fadeSeconds };
}

/**
 * Equal-power gains at `progress` (0..1) through a fade: cos for the track leaving, sin for the
 * one arriving. out² + in² = 1, so the summed power of two uncorrelated tracks stays level; a
 * linear fade (out + in = 1) would dip by 3 dB in the middle.
 */
export function equalPowerGains(progress: number): { out: number; in: number } {
  const p = Math.min(1, Math.max(0, progress));
  return { out: Math.cos((p * Math.PI) / 2), in: Math.sin((p * Math.PI) / 2) };
}

/**
 * The two curves of a fade for `AudioParam.setValueCurveAtTime`, scaled by each track's own gain
 * (loudness normalisation), with `points` samples from start to end inclusive.
 */
export function equalPowerCurves(
  points: number,
  outGain = 1,
  inGain = 1,
): { fadeOut: Float32Array; fadeIn: Float32Array } {
  const count = Math.max(2, Math.floor(points));
  const fadeOut = new Float32Array(count);
  const fadeIn = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const gains = equalPowerGains(i / (count - 1));
    fadeOut[i] = gains.out * outGain;
    fadeIn[i] = gains.in * inGain;
  }
  return { fadeOut, fadeIn };
}
