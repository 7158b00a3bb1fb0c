import type { RadioStation } from '@cadenza/contracts/radio-stations';
import { useSyncExternalStore } from 'react';

export interface RadioState {
  /** The station in the player; null when tracks play (or nothing does). */
  station: RadioStation | null;
  playing: boolean;
}

let state: RadioState = { station: null, playing: false };
const listeners = new Set<() => void>();

function set(next: RadioState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The live station in the player. A station is never seeked and has no queue, so it lives
 * beside the track player's store rather than in it: playing one pauses the other.
 */
export const radio = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  play(station: RadioStation) {
    set({ station, playing: true });
  },
  toggle() {
    if (state.station) set({ ...state, playing: !state.playing });
  },
  /** Leaves the station: the player bar shows the tracks again. */
  close() {
    set({ station: null, playing: false });
  },
};

export function useRadio(): RadioState {
  return useSyncExternalStore(radio.subscribe, radio.getState, radio.getState);
}

/** Where a station's live stream is relayed from by the server. */
export const stationStreamUrl = (id: number) => `/api/v1/radio-stations/${id}/stream`;
