import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NORMALISATION,
  normalisationGain,
  normalisationSettings,
  type LoudnessTrack,
  type NormalisationSettings,
} from './loudness-gain';
import { createPlayerStore } from './player-store';
import { PLAYER_STORAGE_KEY } from './player-persistence';

const db = (factor: number) => 20 * Math.log10(factor);

const measured = (figures: Partial<NonNullable<LoudnessTrack['replay_gain']>>): LoudnessTrack => ({
  replay_gain: {
    track_gain: -6,
    track_peak: 0.5,
    album_gain: -3,
    album_peak: 0.6,
    ...figures,
  },
});

const settings = (mode: NormalisationSettings['mode'], preampDb = 0): NormalisationSettings => ({
  mode,
  preampDb,
});

describe('normalisationGain', () => {
  it('plays everything as it is when off, or when a track has no loudness yet', () => {
    expect(normalisationGain(measured({}), settings('off', 6))).toBe(1);
    expect(normalisationGain({ replay_gain: null }, settings('track', 6))).toBe(1);
    expect(normalisationGain({}, settings('album'))).toBe(1);
    expect(normalisationGain(measured({ track_gain: null }), settings('track'))).toBe(1);
  });

  it('applies the track gain in track mode and the album gain in album mode', () => {
    expect(db(normalisationGain(measured({}), settings('track')))).toBeCloseTo(-6, 9);
    expect(db(normalisationGain(measured({}), settings('album')))).toBeCloseTo(-3, 9);
  });

  it('falls back to the track gain in album mode when the album gain is missing', () => {
    const single = measured({ album_gain: null, album_peak: null });
    expect(db(normalisationGain(single, settings('album')))).toBeCloseTo(-6, 9);
  });

  it('adds the pre-amp in dB', () => {
    expect(db(normalisationGain(measured({}), settings('track', 4)))).toBeCloseTo(-2, 9);
    expect(db(normalisationGain(measured({}), settings('album', -2.5)))).toBeCloseTo(-5.5, 9);
  });

  it('never lets the peak clip: peak × factor stays at most 1', () => {
    // +10 dB on a track peaking at 0.5 would reach 1.58: it is held at 1 / 0.5.
    const quiet = measured({ track_gain: 10, track_peak: 0.5 });
    expect(normalisationGain(quiet, settings('track'))).toBe(2);
    // The pre-amp is limited the same way.
    const loudish = measured({ track_gain: -1, track_peak: 0.8 });
    expect(normalisationGain(loudish, settings('track', 12)) * 0.8).toBeCloseTo(1, 12);
    // Album mode is limited by the album's peak, so the whole album is turned down alike.
    const album = measured({ album_gain: 8, album_peak: 0.9, track_peak: 0.2 });
    expect(normalisationGain(album, settings('album'))).toBeCloseTo(1 / 0.9, 12);
    // …and by the track's own peak when the album's is not known.
    const noAlbumPeak = measured({ album_gain: 8, album_peak: null, track_peak: 0.5 });
    expect(normalisationGain(noAlbumPeak, settings('album'))).toBe(2);
  });

  it('boosts nothing above the file’s level when the peak is unknown, but still cuts', () => {
    expect(
      normalisationGain(measured({ track_gain: 6, track_peak: null }), settings('track')),
    ).toBe(1);
    expect(
      db(normalisationGain(measured({ track_gain: -4, track_peak: null }), settings('track'))),
    ).toBeCloseTo(-4, 9);
  });

  it('keeps every factor within the peak over a sweep of gains, peaks and pre-amps', () => {
    for (const gain of [-20, -6, 0, 3, 12, 30]) {
      for (const peak of [0.05, 0.3, 0.7, 1, 1.2]) {
        for (const preampDb of [-6, 0, 6, 12]) {
          const track = measured({ track_gain: gain, track_peak: peak });
          const factor = normalisationGain(track, settings('track', preampDb));
          expect(factor).toBeGreaterThan(0);
          expect(peak * factor).toBeLessThanOrEqual(1 + 1e-12);
          expect(factor).toBeLessThanOrEqual(10 ** ((gain + preampDb) / 20) + 1e-12);
        }
      }
    }
  });
});

describe('normalisation settings', () => {
  it('makes stored values valid: unknown modes off, the pre-amp within range', () => {
    expect(normalisationSettings(undefined)).toEqual(DEFAULT_NORMALISATION);
    expect(normalisationSettings({ mode: 'loud', preampDb: 'x' })).toEqual(DEFAULT_NORMALISATION);
    expect(normalisationSettings({ mode: 'album', preampDb: 40 })).toEqual({
      mode: 'album',
      preampDb: 12,
    });
    expect(normalisationSettings({ mode: 'track', preampDb: -40 })).toEqual({
      mode: 'track',
      preampDb: -6,
    });
  });

  it('is kept with the player’s preferences and survives a reload', () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
    };
    const store = createPlayerStore({ storage });
    expect(store.getState().normalisation).toEqual(DEFAULT_NORMALISATION);
    store.actions.setNormalisation({ mode: 'album' });
    store.actions.setNormalisation({ preampDb: 3.5 });
    expect(JSON.parse(saved.get(PLAYER_STORAGE_KEY)!)).toMatchObject({
      normalisation: { mode: 'album', preampDb: 3.5 },
    });
    const reloaded = createPlayerStore({ storage });
    expect(reloaded.getState().normalisation).toEqual({ mode: 'album', preampDb: 3.5 });
  });

  it('keeps the queue’s loudness across a reload, for the gain of the restored track', () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
    };
    const store = createPlayerStore({ storage });
    const track = {
      id: 1,
      name: 'Loud',
      duration_ms: 1000,
      artists: [],
      album: null,
      ...measured({ track_gain: -8 }),
    };
    store.actions.playTracks([track], 0);
    const restored = createPlayerStore({ storage }).getState().currentTrack!;
    expect(db(normalisationGain(restored, settings('track')))).toBeCloseTo(-8, 9);
  });
});
