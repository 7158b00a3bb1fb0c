import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../ui/toast/toast-store';
import { attachPlaybackEngine } from './playback-engine';
import { primeStream } from './prime-stream';
import { PlayLogger, type PlayLog } from './play-logger';
import { createPlayerStore } from './player-store';
import type { PlayerTrack } from './player-state';
import { FakeAudio } from './testing/fake-audio';

function track(id: number): PlayerTrack {
  return {
    id,
    name: `Track ${id}`,
    duration_ms: 200_000,
    artists: [{ id: 9, name: 'Artist' }],
    album: { id: 3, name: 'Album', image: '/cover.jpg' },
  };
}

function setup() {
  const store = createPlayerStore();
  const audio = new FakeAudio();
  const preload = new FakeAudio();
  const logs: PlayLog[] = [];
  const started: number[] = [];
  const detach = attachPlaybackEngine({
    store,
    audio: audio as unknown as HTMLAudioElement,
    preload: preload as unknown as HTMLAudioElement,
    logPlay: (log) => logs.push(log),
    reportNowPlaying: (trackId) => started.push(trackId),
    mediaSession: null,
  });
  return { store, player: store.actions, audio, preload, logs, started, detach };
}

describe('the playback engine', () => {
  it('streams the current track and preloads the next one', () => {
    const { player, audio, preload } = setup();
    player.playTracks([track(1), track(2)]);
    expect(audio.src).toBe('/api/v1/tracks/1/stream');
    expect(audio.paused).toBe(false);
    expect(preload.src).toBe('/api/v1/tracks/2/stream');
    player.next();
    expect(audio.src).toBe('/api/v1/tracks/2/stream');
    expect(audio.paused).toBe(false);
  });

  it('starts reading a track when its Play is pressed, and plays that read on the click', () => {
    const { store, player, audio } = setup();
    primeStream(1);
    expect(audio.src).toBe('/api/v1/tracks/1/stream');
    expect(audio.paused).toBe(true);
    // The element loading ahead reports nothing: no track is the player's yet.
    audio.duration = 3;
    audio.dispatchEvent(new Event('loadedmetadata'));
    expect(store.getState().durationMs).toBe(0);

    player.playTracks([track(1), track(2)]);
    expect(audio.src).toBe('/api/v1/tracks/1/stream');
    expect(audio.sourcesGiven).toBe(1);
    expect(audio.paused).toBe(false);
  });

  it('leaves a playing or paused track alone when another Play is pressed', () => {
    const { player, audio } = setup();
    player.playTracks([track(1)]);
    primeStream(2);
    expect(audio.src).toBe('/api/v1/tracks/1/stream');
    player.pause();
    primeStream(2);
    expect(audio.src).toBe('/api/v1/tracks/1/stream');
  });

  it('follows pause, seek, volume and mute', () => {
    const { player, audio } = setup();
    player.playTracks([track(1)]);
    player.pause();
    expect(audio.paused).toBe(true);
    player.seek(65_000);
    expect(audio.currentTime).toBe(65);
    player.setVolume(0.25);
    player.toggleMute();
    expect(audio.volume).toBe(0.25);
    expect(audio.muted).toBe(true);
  });

  it('reports progress and buffered time to the store', () => {
    const { store, player, audio } = setup();
    player.playTracks([track(1)]);
    audio.duration = 201.5;
    audio.buffered = { length: 1, end: () => 90 };
    audio.advanceTo(12.5);
    audio.dispatchEvent(new Event('progress'));
    expect(store.getState().positionMs).toBe(12_500);
    expect(store.getState().durationMs).toBe(201_500);
    expect(store.getState().bufferedMs).toBe(90_000);
  });

  it('moves on when a track ends, and replays it with repeat one', () => {
    const { store, player, audio } = setup();
    player.playTracks([track(1), track(2)]);
    audio.finish();
    expect(store.getState().currentTrack?.id).toBe(2);
    expect(audio.src).toBe('/api/v1/tracks/2/stream');
    expect(audio.paused).toBe(false);
    player.cycleRepeat();
    player.cycleRepeat(); // one
    audio.advanceTo(150);
    audio.finish();
    expect(store.getState().currentTrack?.id).toBe(2);
    expect(audio.currentTime).toBe(0);
    expect(audio.paused).toBe(false);
  });

  it('shows playback as paused when the browser refuses to start it', async () => {
    const { store, player, audio } = setup();
    audio.rejectPlay = true;
    player.playTracks([track(1)]);
    await vi.waitFor(() => expect(store.getState().isPlaying).toBe(false));
  });

  it('resumes a restored queue at its saved position without playing', () => {
    const store = createPlayerStore();
    store.actions.playTracks([track(1)]);
    store.actions.pause();
    store.actions.seek(30_000);
    const audio = new FakeAudio();
    attachPlaybackEngine({
      store,
      audio: audio as unknown as HTMLAudioElement,
      logPlay: () => {},
      mediaSession: null,
    });
    expect(audio.src).toBe('/api/v1/tracks/1/stream');
    expect(audio.currentTime).toBe(30);
    expect(audio.playCalls).toBe(0);
  });

  it('logs a play once 30 s were heard, once per play', () => {
    const { player, audio, logs } = setup();
    player.playTracks([track(1), track(2)]);
    for (let s = 1; s <= 29; s++) audio.advanceTo(s);
    expect(logs).toEqual([]);
    audio.advanceTo(30);
    expect(logs).toEqual([{ trackId: 1, playedMs: 30_000, ended: false }]);
    for (let s = 31; s <= 40; s++) audio.advanceTo(s);
    audio.finish();
    expect(logs).toHaveLength(1);
  });

  it('reports "now playing" once per play, when it is first heard', () => {
    const { player, audio, started } = setup();
    player.playTracks([track(1), track(2)]);
    expect(started).toEqual([]);
    for (let s = 1; s <= 5; s++) audio.advanceTo(s);
    expect(started).toEqual([1]);
    audio.finish();
    audio.advanceTo(1);
    expect(started).toEqual([1, 2]);
  });

  it('logs a short track when it ends', () => {
    const { player, audio, logs } = setup();
    player.playTracks([track(1), track(2)]);
    for (let s = 1; s <= 12; s++) audio.advanceTo(s);
    audio.finish();
    expect(logs).toEqual([{ trackId: 1, playedMs: 12_000, ended: true }]);
  });

  it('detaches cleanly', () => {
    const { store, player, audio, detach } = setup();
    player.playTracks([track(1), track(2)]);
    detach();
    expect(audio.paused).toBe(true);
    // The store agrees, so coming back to the player does not resume on its own.
    expect(store.getState().isPlaying).toBe(false);
    player.next();
    expect(audio.src).toBe('/api/v1/tracks/1/stream');
  });
});

describe('errors and the Media Session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells the listener why a track failed and skips it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"message":"Unauthenticated."}', { status: 401 }))),
    );
    const { store, player, audio } = setup();
    player.playTracks([track(1), track(2)]);
    audio.dispatchEvent(new Event('error'));
    expect(store.getState().currentTrack?.id).toBe(2);
    expect(audio.src).toBe('/api/v1/tracks/2/stream');
    await vi.waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        type: 'danger',
        message: 'Log in to listen to this track.',
      }),
    );
  });

  it('describes the track to the operating system and obeys its media keys', () => {
    class FakeMetadata {
      constructor(readonly init: MediaMetadataInit) {}
    }
    vi.stubGlobal('MediaMetadata', FakeMetadata);
    const handlers = new Map<string, MediaSessionActionHandler | null>();
    const session = {
      metadata: null as FakeMetadata | null,
      playbackState: 'none',
      setActionHandler: (action: string, handler: MediaSessionActionHandler | null) =>
        handlers.set(action, handler),
      setPositionState: vi.fn(),
    };
    const store = createPlayerStore();
    const audio = new FakeAudio();
    attachPlaybackEngine({
      store,
      audio: audio as unknown as HTMLAudioElement,
      logPlay: () => {},
      mediaSession: session as unknown as MediaSession,
    });
    store.actions.playTracks([track(1), track(2)]);
    expect(session.metadata?.init).toMatchObject({
      title: 'Track 1',
      artist: 'Artist',
      album: 'Album',
      artwork: [{ src: '/cover.jpg', sizes: '512x512' }],
    });
    expect(session.playbackState).toBe('playing');
    audio.duration = 200;
    audio.advanceTo(10);
    expect(session.setPositionState).toHaveBeenLastCalledWith({
      duration: 200,
      position: 10,
      playbackRate: 1,
    });
    handlers.get('pause')!({ action: 'pause' });
    expect(session.playbackState).toBe('paused');
    handlers.get('seekto')!({ action: 'seekto', seekTime: 42 });
    expect(audio.currentTime).toBe(42);
    handlers.get('seekforward')!({ action: 'seekforward' });
    expect(store.getState().positionMs).toBe(52_000);
    handlers.get('nexttrack')!({ action: 'nexttrack' });
    expect(store.getState().currentTrack?.id).toBe(2);
    expect(session.metadata?.init.title).toBe('Track 2');
  });
});

describe('the play-logging rule', () => {
  it('does not count seeking forward as listening', () => {
    const logs: PlayLog[] = [];
    const logger = new PlayLogger((log) => logs.push(log));
    logger.start(5);
    logger.progress(1000);
    logger.seeked(150_000);
    logger.progress(151_000);
    logger.progress(170_000); // a jump without a seek event: still not listening
    expect(logs).toEqual([]);
    logger.ended();
    expect(logs).toEqual([{ trackId: 5, playedMs: 2000, ended: true }]);
  });

  it('starts counting again for a new play of the same track', () => {
    const logs: PlayLog[] = [];
    const logger = new PlayLogger((log) => logs.push(log));
    logger.start(5);
    logger.ended();
    logger.start(5);
    for (let ms = 1000; ms <= 30_000; ms += 1000) logger.progress(ms);
    expect(logs.map((l) => l.ended)).toEqual([true, false]);
  });
});
