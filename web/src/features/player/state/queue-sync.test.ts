import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlayerStore } from './player-store';
import type { PlayerTrack } from './player-state';
import { QUEUE_SAVE_INTERVAL_MS, startQueueSync, type SavedQueue } from './queue-sync';

const track = (id: number): PlayerTrack => ({
  id,
  name: `Track ${id}`,
  duration_ms: 200_000,
  artists: [{ id: 1, name: 'Artist' }],
  album: null,
});

function fakeApi(saved: SavedQueue | null) {
  const puts: unknown[] = [];
  return {
    puts,
    get: vi.fn(async () => saved),
    put: vi.fn(async (body: unknown) => {
      puts.push(body);
    }),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the queue kept on the server', () => {
  it('takes over a queue saved on another device, paused where it was', async () => {
    const store = createPlayerStore();
    const api = fakeApi({ tracks: [track(1), track(2)], current: 2, position_ms: 42_000 });
    startQueueSync(store, api);
    await vi.advanceTimersByTimeAsync(0);
    const state = store.getState();
    expect(state.queue.map((t) => t.id)).toEqual([1, 2]);
    expect(state.currentTrack?.id).toBe(2);
    expect(state.positionMs).toBe(42_000);
    expect(state.isPlaying).toBe(false);
  });

  it('keeps this device’s own queue, and saves its changes at most every 15 s', async () => {
    const store = createPlayerStore();
    store.actions.playTracks([track(5), track(6)]);
    const api = fakeApi({ tracks: [track(1)], current: 1, position_ms: 0 });
    startQueueSync(store, api);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().queue.map((t) => t.id)).toEqual([5, 6]);

    store.actions.next();
    store.engine.reportProgress(1_000);
    store.engine.reportProgress(2_000);
    expect(api.puts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(QUEUE_SAVE_INTERVAL_MS);
    expect(api.puts).toEqual([{ track_ids: [5, 6], current: 6, position_ms: 2_000 }]);

    // Progress within the same 15 s changes nothing worth saving.
    store.engine.reportProgress(3_000);
    await vi.advanceTimersByTimeAsync(QUEUE_SAVE_INTERVAL_MS);
    expect(api.puts).toHaveLength(1);
  });
});
