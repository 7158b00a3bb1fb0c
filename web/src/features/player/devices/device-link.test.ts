import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlayerStore } from '../state/player-store';
import type { PlayerTrack } from '../state/player-state';
import { startDeviceLink } from './device-link';
import type { DevicesApi } from './devices-api';

const track = (id: number): PlayerTrack => ({
  id,
  name: `Track ${id}`,
  duration_ms: 200_000,
  artists: [{ id: 1, name: 'Artist' }],
  album: null,
});

class FakeStream {
  listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }
  close() {
    this.closed = true;
  }
}

function setUp() {
  vi.useFakeTimers();
  const store = createPlayerStore();
  const reports: { id: string; body: unknown }[] = [];
  const api: DevicesApi = {
    list: () => Promise.resolve([]),
    report: (id, body) => {
      reports.push({ id, body });
      return Promise.resolve();
    },
    command: () => Promise.resolve({ message: '' }),
  };
  let stream: FakeStream | undefined;
  const devices: unknown[] = [];
  const connected: number[] = [];
  const stop = startDeviceLink(store, api, {
    deviceId: 'web-test-device',
    onDevices: (list) => devices.push(list),
    onConnected: () => connected.push(reports.length),
    openStream: (url) => (stream = new FakeStream(url)),
  });
  return { store, reports, stream: stream!, devices, connected, stop };
}

afterEach(() => vi.useRealTimers());

describe('the device link', () => {
  it('reports this player on opening, on each change and every few seconds', async () => {
    const { store, reports, stream, connected, stop } = setUp();
    expect(stream.url).toBe('/api/v1/notifications/stream?device=web-test-device');
    expect(reports).toHaveLength(1);
    // Once its stream is open, the player reports again, then the list is read (itself in it).
    stream.emit('open', null);
    await vi.advanceTimersByTimeAsync(0);
    expect(connected).toEqual([2]);
    reports.splice(1);

    store.actions.playTracks([track(1), track(2)], 1);
    store.actions.setVolume(0.4);
    await vi.advanceTimersByTimeAsync(300);
    expect(reports).toHaveLength(2);
    expect(reports[1]).toEqual({
      id: 'web-test-device',
      body: { track_ids: [1, 2], index: 1, is_playing: true, position_ms: 0, volume: 0.4 },
    });

    // Progress alone makes no report; the beat does.
    store.engine.reportProgress(3000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reports).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reports.at(-1)?.body).toMatchObject({ position_ms: 3000 });

    stop();
    expect(stream.closed).toBe(true);
  });

  it('carries out the commands its stream brings, and takes playback over', () => {
    const { store, stream, devices, stop } = setUp();
    store.actions.playTracks([track(1), track(2), track(3)], 0);

    stream.emit('player-command', { action: 'pause' });
    expect(store.getState().isPlaying).toBe(false);
    stream.emit('player-command', { action: 'play' });
    expect(store.getState().isPlaying).toBe(true);
    stream.emit('player-command', { action: 'next' });
    expect(store.getState().currentTrack?.id).toBe(2);
    stream.emit('player-command', { action: 'seek', value: 42 });
    expect(store.getState().positionMs).toBe(42_000);
    stream.emit('player-command', { action: 'volume', value: 0.25 });
    expect(store.getState().volume).toBe(0.25);

    stream.emit('player-command', {
      action: 'transfer',
      playback: { tracks: [track(7), track(8)], index: 1, position_ms: 61_000, volume: 1 },
    });
    const state = store.getState();
    expect(state.queue.map((t) => t.id)).toEqual([7, 8]);
    expect(state.currentTrack?.id).toBe(8);
    expect(state.positionMs).toBe(61_000);
    expect(state.isPlaying).toBe(true);

    stream.emit('player-devices', { devices: [{ id: 'other' }] });
    expect(devices).toEqual([[{ id: 'other' }]]);
    stop();
  });
});
