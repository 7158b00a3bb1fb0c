import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachPlaybackEngine } from './playback-engine';
import { createPlayerStore } from './player-store';
import type { PlayerTrack } from './player-state';
import { PLAYER_STORAGE_KEY } from './player-persistence';
import {
  SLEEP_FADE_MS,
  effectiveRate,
  playbackRate,
  sleepFadeFactor,
  sleepMinutes,
  sleepRemainingMs,
} from './sleep-timer';
import { FakeAudio } from './testing/fake-audio';

function track(id: number, minutes = 3): PlayerTrack {
  return {
    id,
    name: `Track ${id}`,
    duration_ms: minutes * 60_000,
    artists: [{ id: 9, name: 'Artist' }],
    album: null,
  };
}

function setup(storage: Storage | null = null) {
  let clock = 1_000_000;
  const store = createPlayerStore({ storage });
  const audio = new FakeAudio();
  const detach = attachPlaybackEngine({
    store,
    audio: audio as unknown as HTMLAudioElement,
    logPlay: () => {},
    reportNowPlaying: () => {},
    mediaSession: null,
    now: () => clock,
  });
  const tick = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };
  return { store, player: store.actions, audio, detach, tick, now: () => clock };
}

afterEach(() => vi.useRealTimers());

describe('the sleep timer', () => {
  it('takes whole minutes from 1 to 12 hours', () => {
    expect(sleepMinutes(30)).toBe(30);
    expect(sleepMinutes(' 7 ')).toBe(7);
    expect(sleepMinutes(0)).toBeNull();
    expect(sleepMinutes(2.5)).toBeNull();
    expect(sleepMinutes('soon')).toBeNull();
    expect(sleepMinutes(721)).toBeNull();
  });

  it('fades the volume over its last seconds', () => {
    expect(sleepFadeFactor(null)).toBe(1);
    expect(sleepFadeFactor(SLEEP_FADE_MS * 2)).toBe(1);
    expect(sleepFadeFactor(SLEEP_FADE_MS / 2)).toBe(0.5);
    expect(sleepFadeFactor(0)).toBe(0);
  });

  it('counts down to the end of the track at the speed it plays', () => {
    const state = {
      sleepTimer: { kind: 'track' } as const,
      currentTrack: track(1, 30),
      positionMs: 20 * 60_000,
      durationMs: 30 * 60_000,
      playbackRate: 2,
    };
    expect(sleepRemainingMs(state, 0)).toBe(5 * 60_000);
  });

  it('stops playback when its minutes are up, fading out first, and restores the volume', () => {
    vi.useFakeTimers();
    const { store, player, audio, tick, now } = setup();
    player.playTracks([track(1, 60)]);
    player.setVolume(0.8);
    player.setSleepTimer(1, now());
    expect(store.getState().sleepTimer).toEqual({ kind: 'clock', endsAt: now() + 60_000 });
    tick(60_000 - SLEEP_FADE_MS / 2);
    expect(audio.volume).toBeCloseTo(0.4, 1);
    expect(audio.paused).toBe(false);
    tick(SLEEP_FADE_MS);
    expect(audio.paused).toBe(true);
    expect(store.getState().isPlaying).toBe(false);
    expect(store.getState().sleepTimer).toBeNull();
    // Played again later, the music is as loud as the listener set it.
    player.play();
    expect(audio.volume).toBe(0.8);
  });

  it('can be cancelled, and the music plays on', () => {
    vi.useFakeTimers();
    const { store, player, audio, tick, now } = setup();
    player.playTracks([track(1, 60)]);
    player.setSleepTimer(15, now());
    tick(60_000);
    player.cancelSleepTimer();
    tick(15 * 60_000);
    expect(store.getState().isPlaying).toBe(true);
    expect(audio.paused).toBe(false);
  });

  it('at the end of the track, stops there with the next track ready, paused', () => {
    const { store, player, audio } = setup();
    player.playTracks([track(1), track(2)]);
    player.setSleepTimer('track');
    audio.duration = 180;
    audio.advanceTo(176);
    expect(audio.volume).toBeCloseTo(0.5, 1);
    audio.finish();
    expect(store.getState().isPlaying).toBe(false);
    expect(store.getState().currentTrack?.id).toBe(2);
    expect(store.getState().sleepTimer).toBeNull();
    expect(audio.paused).toBe(true);
    expect(audio.volume).toBe(1);
  });
});

describe('the playback speed', () => {
  it('keeps to the offered steps', () => {
    expect(playbackRate(1.5)).toBe(1.5);
    expect(playbackRate(1.3)).toBe(1.25);
    expect(playbackRate(9)).toBe(2);
    expect(playbackRate('fast')).toBe(1);
  });

  it('applies to tracks longer than 20 minutes only, with the pitch kept', () => {
    const { player, audio } = setup();
    player.setPlaybackRate(1.5);
    player.playTracks([track(1, 45), track(2, 4)]);
    expect(audio.playbackRate).toBe(1.5);
    expect(audio.defaultPlaybackRate).toBe(1.5);
    expect(audio.preservesPitch).toBe(true);
    player.next();
    expect(audio.playbackRate).toBe(1);
    expect(effectiveRate({ currentTrack: track(3, 21), playbackRate: 0.75 })).toBe(0.75);
  });

  it('is remembered by this browser', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    } as unknown as Storage;
    const first = createPlayerStore({ storage });
    first.actions.setPlaybackRate(1.75);
    expect(JSON.parse(items.get(PLAYER_STORAGE_KEY)!)).toMatchObject({ playbackRate: 1.75 });
    expect(createPlayerStore({ storage }).getState().playbackRate).toBe(1.75);
  });
});
