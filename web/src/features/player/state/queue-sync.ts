import type { PlayerStore } from './player-store';
import type { PlayerTrack } from './player-state';

export interface SavedQueue {
  tracks: PlayerTrack[];
  current: number | null;
  position_ms: number;
}

export interface QueueApi {
  get(): Promise<SavedQueue | null>;
  put(body: { track_ids: number[]; current: number | null; position_ms: number }): Promise<unknown>;
}

/** At most one save per this long; the position is saved to this precision. */
export const QUEUE_SAVE_INTERVAL_MS = 15_000;
const MAX_QUEUE = 1000;

/**
 * Keeps the signed-in listener's queue on the server, where music apps find it (and this player
 * finds theirs): a queue saved elsewhere is taken over, paused, when this one is empty; after
 * that, changes are saved at most every 15 s. Answers the way to stop.
 */
export function startQueueSync(store: PlayerStore, api: QueueApi): () => void {
  let ready = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSaved = '';

  const save = () => {
    timer = undefined;
    const state = store.getState();
    const body = {
      track_ids: state.queue.slice(0, MAX_QUEUE).map((track) => track.id),
      current: state.currentTrack?.id ?? null,
      position_ms: Math.round(state.positionMs),
    };
    const key = JSON.stringify({
      ...body,
      position_ms: Math.floor(body.position_ms / QUEUE_SAVE_INTERVAL_MS),
    });
    if (key === lastSaved) return;
    lastSaved = key;
    // A save that failed is tried again with the next change.
    api.put(body).catch(() => (lastSaved = ''));
  };

  void api
    .get()
    .then((saved) => {
      if (!saved || saved.tracks.length === 0 || store.getState().queue.length > 0) return;
      const index = Math.max(
        0,
        saved.tracks.findIndex((track) => track.id === saved.current),
      );
      store.actions.restoreQueue(saved.tracks, index, saved.position_ms);
    })
    .catch(() => undefined)
    .finally(() => (ready = true));

  const unsubscribe = store.subscribe(() => {
    if (ready && !timer) timer = setTimeout(save, QUEUE_SAVE_INTERVAL_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
