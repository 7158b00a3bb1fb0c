import { describe, expect, it } from 'vitest';
import type { PlayerTrack } from './player-state';
import {
  MAX_CROSSFADE_SECONDS,
  clampCrossfade,
  continuesAlbum,
  endOnClock,
  equalPowerCurves,
  equalPowerGains,
  planTransition,
  positionOnClock,
} from './transition-plan';

function track(id: number, albumId: number | null, number: number | null = null): PlayerTrack {
  return {
    id,
    name: `Track ${id}`,
    duration_ms: 180_000,
    artists: [],
    album: albumId === null ? null : { id: albumId, name: 'Album', image: null },
    number,
  };
}

describe('when the next track starts', () => {
  it('joins back to back: the next first sample is where the current one ends', () => {
    // Started at 10 s on the clock from 0, a 95.5 s track ends at 105.5 s.
    const currentEndsAt = endOnClock(10, 0, 95.5);
    expect(currentEndsAt).toBe(105.5);
    const plan = planTransition({
      currentEndsAt,
      currentDuration: 95.5,
      nextDuration: 200,
      crossfadeSeconds: 0,
      gapless: false,
    });
    expect(plan).toEqual({ nextStartsAt: 105.5, fadeSeconds: 0 });
  });

  it('after a seek near the end, the join moves with it', () => {
    // Seeked to 90 s of a 95.5 s track at 50 s on the clock: it ends 5.5 s later.
    const startedAt = 50;
    expect(endOnClock(startedAt, 90, 95.5)).toBe(55.5);
    expect(positionOnClock(52, startedAt, 90)).toBe(92);
    const plan = planTransition({
      currentEndsAt: endOnClock(startedAt, 90, 95.5),
      currentDuration: 95.5,
      nextDuration: 200,
      crossfadeSeconds: 0,
      gapless: true,
    });
    expect(plan.nextStartsAt).toBe(55.5);
  });

  it('starts the next track one fade early when crossfading', () => {
    const plan = planTransition({
      currentEndsAt: 300,
      currentDuration: 240,
      nextDuration: 200,
      crossfadeSeconds: 8,
      gapless: false,
    });
    expect(plan).toEqual({ nextStartsAt: 292, fadeSeconds: 8 });
  });

  it('does not crossfade tracks that continue one recording', () => {
    const plan = planTransition({
      currentEndsAt: 300,
      currentDuration: 240,
      nextDuration: 200,
      crossfadeSeconds: 12,
      gapless: true,
    });
    expect(plan).toEqual({ nextStartsAt: 300, fadeSeconds: 0 });
  });

  it('shortens the fade to half of a short track', () => {
    const plan = planTransition({
      currentEndsAt: 100,
      currentDuration: 60,
      nextDuration: 6,
      crossfadeSeconds: 12,
      gapless: false,
    });
    expect(plan).toEqual({ nextStartsAt: 97, fadeSeconds: 3 });
  });

  it('keeps the setting within 0 to 12 whole seconds', () => {
    expect(clampCrossfade(-3)).toBe(0);
    expect(clampCrossfade(4.4)).toBe(4);
    expect(clampCrossfade(40)).toBe(MAX_CROSSFADE_SECONDS);
    expect(clampCrossfade(Number.NaN)).toBe(0);
  });
});

describe('which tracks continue an album', () => {
  it('is the following track of the same album', () => {
    expect(continuesAlbum(track(1, 7, 3), track(2, 7, 4), false)).toBe(true);
    expect(continuesAlbum(track(1, 7, 3), track(2, 7, 4), true)).toBe(true);
    expect(continuesAlbum(track(1, 7, 3), track(2, 7, 6), false)).toBe(false);
    expect(continuesAlbum(track(1, 7, 3), track(2, 8, 4), false)).toBe(false);
    expect(continuesAlbum(track(1, null), track(2, null), false)).toBe(false);
  });

  it('without track numbers, is the same album played without shuffle', () => {
    expect(continuesAlbum(track(1, 7), track(2, 7), false)).toBe(true);
    expect(continuesAlbum(track(1, 7), track(2, 7), true)).toBe(false);
    // The same track again (repeat one) is not a continuation.
    expect(continuesAlbum(track(1, 7), track(1, 7), false)).toBe(false);
  });
});

describe('equal-power fades', () => {
  it('follows cos and sin from full to silent and back', () => {
    expect(equalPowerGains(0)).toEqual({ out: 1, in: 0 });
    const middle = equalPowerGains(0.5);
    expect(middle.out).toBeCloseTo(Math.SQRT1_2, 12);
    expect(middle.in).toBeCloseTo(Math.SQRT1_2, 12);
    const end = equalPowerGains(1);
    expect(end.out).toBeCloseTo(0, 12);
    expect(end.in).toBe(1);
  });

  it('keeps the summed power level at every point: no dip, no jump', () => {
    const { fadeOut, fadeIn } = equalPowerCurves(257);
    expect(fadeOut).toHaveLength(257);
    for (let i = 0; i < fadeOut.length; i++) {
      expect(fadeOut[i]! ** 2 + fadeIn[i]! ** 2).toBeCloseTo(1, 6);
    }
    // Monotonic: the leaving track only gets quieter, the arriving one only louder.
    for (let i = 1; i < fadeOut.length; i++) {
      expect(fadeOut[i]!).toBeLessThanOrEqual(fadeOut[i - 1]!);
      expect(fadeIn[i]!).toBeGreaterThanOrEqual(fadeIn[i - 1]!);
    }
  });

  it("scales each curve by its track's own gain", () => {
    const { fadeOut, fadeIn } = equalPowerCurves(3, 0.5, 2);
    expect(fadeOut[0]).toBeCloseTo(0.5, 6);
    expect(fadeIn[2]).toBeCloseTo(2, 6);
    expect(fadeOut[1]).toBeCloseTo(0.5 * Math.SQRT1_2, 6);
    expect(fadeIn[1]).toBeCloseTo(2 * Math.SQRT1_2, 6);
  });
});
