import type { PlayerState } from './player-state';

/* The sleep timer (stop later, fading out) and the playback speed of long tracks. */

/** The lengths offered in the menu, in minutes; any other whole number may be typed. */
export const SLEEP_PRESETS_MINUTES = [15, 30, 45, 60, 90] as const;
export const MAX_SLEEP_MINUTES = 12 * 60;
/** The music fades out over this long before it stops, rather than cutting. */
export const SLEEP_FADE_MS = 8000;

/** Milliseconds until playback stops; null without a timer, or before the track's length is known. */
export function sleepRemainingMs(
  state: Pick<
    PlayerState,
    'sleepTimer' | 'positionMs' | 'durationMs' | 'playbackRate' | 'currentTrack'
  >,
  now: number,
): number | null {
  const timer = state.sleepTimer;
  if (!timer) return null;
  if (timer.kind === 'clock') return Math.max(0, timer.endsAt - now);
  if (state.durationMs <= 0) return null;
  // A faster track ends sooner by the clock.
  return Math.max(0, (state.durationMs - state.positionMs) / effectiveRate(state));
}

/** The share of the volume left (1: full) as the timer nears its end, for a gentle fade. */
export function sleepFadeFactor(remainingMs: number | null): number {
  if (remainingMs === null) return 1;
  return Math.min(1, Math.max(0, remainingMs / SLEEP_FADE_MS));
}

/** A whole number of minutes between 1 and 12 hours, or null for what cannot be a length. */
export function sleepMinutes(value: number | string): number | null {
  const minutes = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(minutes) || !Number.isInteger(minutes)) return null;
  if (minutes < 1 || minutes > MAX_SLEEP_MINUTES) return null;
  return minutes;
}

/** Playback speeds offered for long tracks: pitch stays as recorded. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** Tracks longer than this (talks, audiobooks, long mixes) offer a playback speed. */
export const LONG_TRACK_MS = 20 * 60_000;

/** A speed from the list, the nearest one to what was asked (1 when it is not a number). */
export function playbackRate(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 1;
  return PLAYBACK_RATES.reduce((best, rate) =>
    Math.abs(rate - value) < Math.abs(best - value) ? rate : best,
  );
}

/** The speed the current track plays at: the chosen one on a long track, else as recorded. */
export function effectiveRate(state: Pick<PlayerState, 'currentTrack' | 'playbackRate'>): number {
  const track = state.currentTrack;
  return track && track.duration_ms > LONG_TRACK_MS ? state.playbackRate : 1;
}
