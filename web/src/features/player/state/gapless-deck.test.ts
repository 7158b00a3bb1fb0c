import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GaplessDeck } from './gapless-deck';
import { attachPlaybackEngine } from './playback-engine';
import { createPlayerStore } from './player-store';
import type { PlayerTrack } from './player-state';

/*
 * The engine with Web Audio: a stand-in AudioContext whose clock runs with real time and that
 * notes every source started and every gain automation, so the schedule can be read back.
 */

class FakeParam {
  value = 1;
  curves: { curve: Float32Array; start: number; duration: number }[] = [];
  setValueAtTime(value: number) {
    this.value = value;
  }
  /** Where a ramp ends: the value once it is done. */
  linearRampToValueAtTime(value: number) {
    this.value = value;
  }
  setTargetAtTime(value: number) {
    this.value = value;
  }
  cancelScheduledValues() {
    this.curves = [];
  }
  setValueCurveAtTime(curve: Float32Array, start: number, duration: number) {
    this.curves.push({ curve, start, duration });
  }
}

class FakeNode {
  gain = new FakeParam();
  connect<T>(node: T): T {
    return node;
  }
  disconnect() {}
}

interface Started {
  source: FakeSource;
  when: number;
  offset: number;
}

class FakeSource extends FakeNode {
  buffer: { duration: number; trackId: number } | null = null;
  onended: (() => void) | null = null;
  stoppedAt: number | null = null;
  /** The gain node it plays into: the track's own. */
  output: FakeNode | null = null;
  constructor(private readonly context: FakeContext) {
    super();
  }
  override connect<T>(node: T): T {
    this.output = node as FakeNode;
    return node;
  }
  start(when: number, offset: number) {
    this.context.started.push({ source: this, when, offset });
  }
  stop(when: number) {
    this.stoppedAt = when;
  }
}

class FakeContext {
  readonly sampleRate = 48_000;
  readonly destination = new FakeNode();
  state = 'running';
  started: Started[] = [];
  gains: FakeNode[] = [];
  private readonly t0 = performance.now();
  get currentTime() {
    return (performance.now() - this.t0) / 1000;
  }
  createGain() {
    const node = new FakeNode();
    this.gains.push(node);
    return node;
  }
  createBufferSource() {
    return new FakeSource(this);
  }
  createMediaElementSource() {
    return new FakeNode();
  }
  resume() {
    return Promise.resolve();
  }
  /** The stand-in stream's bytes say which track it is; each lasts `seconds` of the track. */
  decodeAudioData(bytes: ArrayBuffer) {
    const [trackId, seconds] = new TextDecoder().decode(bytes).split(':').map(Number);
    return Promise.resolve({ duration: seconds!, trackId: trackId! });
  }
}

class FakeAudio extends EventTarget {
  paused = true;
  ended = false;
  error = null;
  currentTime = 0;
  duration = NaN;
  volume = 1;
  muted = false;
  preload = '';
  playbackRate = 1;
  buffered = { length: 0, end: () => 0 };
  private source: string | null = null;
  get src() {
    return this.source ?? '';
  }
  set src(value: string) {
    this.source = value;
    this.currentTime = 0;
    this.paused = true;
  }
  getAttribute() {
    return this.source;
  }
  removeAttribute() {
    this.source = null;
  }
  load() {}
  play() {
    this.paused = false;
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
}

function track(id: number, seconds: number, albumId: number, number: number): PlayerTrack {
  return {
    id,
    name: `Track ${id}`,
    duration_ms: seconds * 1000,
    artists: [],
    album: { id: albumId, name: 'Album', image: null },
    number,
  };
}

const lengths = new Map<number, number>();
const detachers: (() => void)[] = [];

function setup(trackGain?: (track: PlayerTrack) => number) {
  const store = createPlayerStore();
  const audio = new FakeAudio();
  const context = new FakeContext();
  const detach = attachPlaybackEngine({
    store,
    audio: audio as unknown as HTMLAudioElement,
    logPlay: () => {},
    mediaSession: null,
    audioContext: context as unknown as AudioContext,
    trackGain,
  });
  detachers.push(detach);
  return { store, player: store.actions, audio, context, detach };
}

/** Where a started source's track reaches its end on the audio clock. */
const endOf = (start: Started) => start.when - start.offset + start.source.buffer!.duration;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const id = Number(/tracks\/(\d+)\//.exec(url)![1]);
      return Promise.resolve(new Response(`${id}:${lengths.get(id)}`));
    }),
  );
});

afterEach(() => {
  detachers.splice(0).forEach((detach) => detach());
  vi.unstubAllGlobals();
  lengths.clear();
});

function tracks(...specs: [number, number, number, number][]) {
  return specs.map(([id, seconds, album, number]) => {
    lengths.set(id, seconds);
    return track(id, seconds, album, number);
  });
}

describe('the engine on the audio clock', () => {
  it("takes the track over from the element, queues the next on the current one's last sample and moves on to it", async () => {
    const { store, player, audio, context } = setup();
    player.playTracks(tracks([1, 0.4, 7, 1], [2, 5, 7, 2]));
    // The element starts the track at once.
    expect(audio.src).toBe('/api/v1/tracks/1/stream');
    await vi.waitFor(() => expect(context.started).toHaveLength(2));
    const [current, next] = context.started;
    // Faded out under the deck, the element stops.
    await vi.waitFor(() => expect(audio.getAttribute()).toBeNull());
    expect(current!.source.buffer!.trackId).toBe(1);
    expect(next!.source.buffer!.trackId).toBe(2);
    expect(next!.offset).toBe(0);
    // Back to back: the next first sample is the current one's end, on whole samples.
    expect(next!.when).toBeCloseTo(endOf(current!), 9);
    expect(next!.when * 48_000).toBeCloseTo(Math.round(next!.when * 48_000), 6);
    expect(next!.source.output!.gain.curves).toEqual([]);

    await vi.waitFor(() => expect(store.getState().currentTrack?.id).toBe(2), { timeout: 2000 });
    // Adopted, not started again.
    expect(context.started).toHaveLength(2);
    expect(store.getState().isPlaying).toBe(true);
  });

  it('after a seek near the end, the next track starts where the current one now ends', async () => {
    const { player, context } = setup();
    player.playTracks(tracks([1, 30, 7, 1], [2, 5, 7, 2]));
    await vi.waitFor(() => expect(context.started).toHaveLength(2));
    player.seek(29_000);
    await vi.waitFor(() => expect(context.started).toHaveLength(4));
    const [, firstQueued, current, next] = context.started;
    expect(firstQueued!.source.stoppedAt).not.toBeNull();
    expect(current!.offset).toBe(29);
    expect(next!.when).toBeCloseTo(endOf(current!), 9);
    expect(next!.when - context.currentTime).toBeLessThan(1.1);
  });

  it('reports the position a seek went to until the track sounds there, never a moment before', async () => {
    const context = new FakeContext();
    const hooks = { onEnded: () => {}, onDecoded: () => {} };
    const deck = new GaplessDeck(context as unknown as AudioContext, hooks, () => 1);
    const [song] = tracks([1, 30, 7, 1]);
    deck.decode(song!);
    await vi.waitFor(() => expect(deck.isDecoded(1)).toBe(true));
    deck.load(song!, 0);
    deck.play();
    deck.seek(20);
    // The voice sounds a short lead later; meanwhile the deck stands at the seek.
    expect(context.started.at(-1)!.when).toBeGreaterThan(context.currentTime);
    expect(deck.position()).toBeGreaterThanOrEqual(20);
    deck.dispose();
  });

  it('crossfades tracks of different albums with equal-power curves scaled by their gains', async () => {
    const { player, context } = setup((t) => (t.id === 1 ? 0.5 : 1));
    player.setCrossfade(3);
    player.playTracks(tracks([1, 20, 7, 1], [2, 20, 8, 2]));
    await vi.waitFor(() => expect(context.started).toHaveLength(2));
    const [current, next] = context.started;
    // The track's own gain on its gain node.
    expect(current!.source.output!.gain.value).toBe(0.5);
    expect(next!.when).toBeCloseTo(endOf(current!) - 3, 9);
    const [fadeOut] = current!.source.output!.gain.curves;
    const [fadeIn] = next!.source.output!.gain.curves;
    expect(fadeOut).toMatchObject({ start: next!.when, duration: 3 });
    expect(fadeIn).toMatchObject({ start: next!.when, duration: 3 });
    expect(fadeOut!.curve[0]).toBeCloseTo(0.5, 6);
    expect(fadeOut!.curve.at(-1)).toBeCloseTo(0, 6);
    expect(fadeIn!.curve[0]).toBeCloseTo(0, 6);
    expect(fadeIn!.curve.at(-1)).toBeCloseTo(1, 6);
  });

  it('does not crossfade the next track of the same album', async () => {
    const { player, context } = setup();
    player.setCrossfade(6);
    player.playTracks(tracks([1, 20, 7, 4], [2, 20, 7, 5]));
    await vi.waitFor(() => expect(context.started).toHaveLength(2));
    const [current, next] = context.started;
    expect(next!.when).toBeCloseTo(endOf(current!), 9);
    expect(next!.source.output!.gain.curves).toEqual([]);
  });

  it('skips at once, rather than waiting for the queued start', async () => {
    const { store, player, context } = setup();
    player.playTracks(tracks([1, 20, 7, 1], [2, 20, 7, 2]));
    await vi.waitFor(() => expect(context.started).toHaveLength(2));
    const queued = context.started[1]!;
    player.next();
    expect(store.getState().currentTrack?.id).toBe(2);
    expect(queued.source.stoppedAt).not.toBeNull();
    const skippedTo = context.started[2]!;
    expect(skippedTo.source.buffer!.trackId).toBe(2);
    expect(skippedTo.when - context.currentTime).toBeLessThan(0.1);
    // Paused, nothing plays and nothing is queued.
    player.pause();
    expect(skippedTo.source.stoppedAt).not.toBeNull();
  });
});
