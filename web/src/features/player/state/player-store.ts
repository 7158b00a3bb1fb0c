import { useSyncExternalStore } from 'react';

/**
 * The track object the player needs: the API's track (contracts `trackSchema`) satisfies it,
 * and so does any smaller object with these fields.
 */
export interface PlayerTrack {
  id: number;
  name: string;
  duration_ms: number;
  artists: { id: number; name: string }[];
  album: { id: number; name: string; image: string | null } | null;
  image?: string | null;
}

export type RepeatMode = 'off' | 'all' | 'one';

export interface PlayContext {
  type: 'album' | 'playlist' | 'artist' | 'channel' | 'search' | 'queue';
  id?: number | string;
}

export interface PlayerState {
  /** The tracks in play order (shuffled order while shuffle is on). */
  queue: PlayerTrack[];
  index: number;
  currentTrack: PlayerTrack | null;
  context: PlayContext | null;
  isPlaying: boolean;
  positionMs: number;
  durationMs: number;
  bufferedMs: number;
  volume: number;
  muted: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
  maximized: boolean;
  /** The queue in its original order while shuffle is on, so turning shuffle off restores it. */
  unshuffled: PlayerTrack[] | null;
  /** Changes whenever a track must start again from `positionMs` (new track, restart). */
  loadToken: number;
  /** Changes whenever the playback position is moved by the user. */
  seekToken: number;
}

export const PLAYER_STORAGE_KEY = 'cadenza.player';
/** 'Previous' restarts the current track instead once this much of it has played. */
export const RESTART_THRESHOLD_MS = 3000;
const POSITION_SAVE_INTERVAL_MS = 5000;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

interface PersistedPlayer {
  queue: PlayerTrack[];
  unshuffled: PlayerTrack[] | null;
  index: number;
  positionMs: number;
  volume: number;
  muted: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
  context: PlayContext | null;
}

function initialState(): PlayerState {
  return {
    queue: [],
    index: 0,
    currentTrack: null,
    context: null,
    isPlaying: false,
    positionMs: 0,
    durationMs: 0,
    bufferedMs: 0,
    volume: 1,
    muted: false,
    shuffle: false,
    repeat: 'off',
    maximized: false,
    unshuffled: null,
    loadToken: 0,
    seekToken: 0,
  };
}

/** Only the fields the player shows, so stored queues stay small. */
function slimTrack(track: PlayerTrack): PlayerTrack {
  return {
    id: track.id,
    name: track.name,
    duration_ms: track.duration_ms,
    artists: track.artists.map((artist) => ({ id: artist.id, name: artist.name })),
    album: track.album
      ? { id: track.album.id, name: track.album.name, image: track.album.image }
      : null,
    image: track.image ?? null,
  };
}

function isTrack(value: unknown): value is PlayerTrack {
  if (!value || typeof value !== 'object') return false;
  const track = value as Partial<PlayerTrack>;
  return (
    typeof track.id === 'number' &&
    typeof track.name === 'string' &&
    typeof track.duration_ms === 'number' &&
    Array.isArray(track.artists)
  );
}

function readPersisted(storage: Storage | null): Partial<PlayerState> {
  if (!storage) return {};
  try {
    const raw = storage.getItem(PLAYER_STORAGE_KEY);
    if (!raw) return {};
    const saved = JSON.parse(raw) as Partial<PersistedPlayer>;
    const queue = Array.isArray(saved.queue) ? saved.queue.filter(isTrack) : [];
    const index =
      typeof saved.index === 'number' && saved.index >= 0 && saved.index < queue.length
        ? saved.index
        : 0;
    const current = queue[index] ?? null;
    const shuffle = saved.shuffle === true && Array.isArray(saved.unshuffled);
    return {
      queue,
      index,
      currentTrack: current,
      unshuffled: shuffle ? (saved.unshuffled ?? []).filter(isTrack) : null,
      shuffle,
      positionMs:
        current && typeof saved.positionMs === 'number'
          ? clamp(saved.positionMs, 0, current.duration_ms)
          : 0,
      durationMs: current?.duration_ms ?? 0,
      volume: typeof saved.volume === 'number' ? clamp(saved.volume, 0, 1) : 1,
      muted: saved.muted === true,
      repeat: saved.repeat === 'all' || saved.repeat === 'one' ? saved.repeat : 'off',
      context: saved.context ?? null,
    };
  } catch {
    return {};
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Fisher–Yates; `random` is injectable so tests can be deterministic. */
function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** The current track first, the others in random order. */
function shuffleAround(tracks: PlayerTrack[], startIndex: number, random: () => number) {
  const first = tracks[startIndex];
  if (!first) return shuffled(tracks, random);
  const rest = tracks.filter((_, i) => i !== startIndex);
  return [first, ...shuffled(rest, random)];
}

export interface PlayerStoreOptions {
  storage?: Storage | null;
  random?: () => number;
}

export type PlayerStore = ReturnType<typeof createPlayerStore>;

/**
 * The player's state and its rules (queue, shuffle, repeat, next/previous). It knows nothing
 * of audio: the playback engine follows it and reports progress back.
 */
export function createPlayerStore({
  storage = null,
  random = Math.random,
}: PlayerStoreOptions = {}) {
  let state: PlayerState = { ...initialState(), ...readPersisted(storage) };
  let lastSavedPositionMs = state.positionMs;
  const listeners = new Set<() => void>();

  function persist() {
    if (!storage) return;
    const saved: PersistedPlayer = {
      queue: state.queue.map(slimTrack),
      unshuffled: state.unshuffled?.map(slimTrack) ?? null,
      index: state.index,
      positionMs: Math.round(state.positionMs),
      volume: state.volume,
      muted: state.muted,
      shuffle: state.shuffle,
      repeat: state.repeat,
      context: state.context,
    };
    lastSavedPositionMs = state.positionMs;
    try {
      storage.setItem(PLAYER_STORAGE_KEY, JSON.stringify(saved));
    } catch {
      // Storage full or denied: the player still works, it just won't survive a reload.
    }
  }

  function set(patch: Partial<PlayerState>, { save = true } = {}) {
    const next = { ...state, ...patch };
    next.currentTrack = next.queue[next.index] ?? null;
    state = next;
    if (save) persist();
    listeners.forEach((listener) => listener());
  }

  /** Makes `index` the current track and starts it from the beginning. */
  function startAt(index: number, patch: Partial<PlayerState> = {}, isPlaying = true) {
    const queue = patch.queue ?? state.queue;
    const track = queue[index];
    set({
      ...patch,
      index,
      isPlaying: track ? isPlaying : false,
      positionMs: 0,
      durationMs: track?.duration_ms ?? 0,
      bufferedMs: 0,
      loadToken: state.loadToken + 1,
    });
  }

  function stop() {
    set({
      isPlaying: false,
      positionMs: 0,
      seekToken: state.seekToken + 1,
    });
  }

  /** Removes the first matching entry of `track` from the original order kept for shuffle. */
  function withoutFromUnshuffled(track: PlayerTrack | undefined): PlayerTrack[] | null {
    if (!state.unshuffled || !track) return state.unshuffled;
    let at = state.unshuffled.indexOf(track);
    if (at === -1) at = state.unshuffled.findIndex((t) => t.id === track.id);
    if (at === -1) return state.unshuffled;
    return state.unshuffled.filter((_, i) => i !== at);
  }

  const actions = {
    playTracks(tracks: PlayerTrack[], startIndex = 0, context?: PlayContext) {
      if (tracks.length === 0) return;
      const start = clamp(Math.trunc(startIndex), 0, tracks.length - 1);
      if (state.shuffle) {
        startAt(0, {
          queue: shuffleAround(tracks, start, random),
          unshuffled: [...tracks],
          context: context ?? null,
        });
      } else {
        startAt(start, { queue: [...tracks], unshuffled: null, context: context ?? null });
      }
    },
    play() {
      if (!state.currentTrack) return;
      set({ isPlaying: true }, { save: false });
    },
    pause() {
      if (!state.isPlaying) return;
      set({ isPlaying: false });
    },
    toggle() {
      if (state.isPlaying) actions.pause();
      else actions.play();
    },
    next() {
      if (state.queue.length === 0) return;
      if (state.index < state.queue.length - 1) startAt(state.index + 1, {}, state.isPlaying);
      else if (state.repeat === 'all') startAt(0, {}, state.isPlaying);
      else stop();
    },
    previous() {
      if (state.queue.length === 0) return;
      if (state.positionMs > RESTART_THRESHOLD_MS) actions.seek(0);
      else if (state.index > 0) startAt(state.index - 1, {}, state.isPlaying);
      else if (state.repeat === 'all') startAt(state.queue.length - 1, {}, state.isPlaying);
      else actions.seek(0);
    },
    seek(ms: number) {
      if (!state.currentTrack) return;
      const max = state.durationMs || state.currentTrack.duration_ms;
      set({ positionMs: clamp(ms, 0, max), seekToken: state.seekToken + 1 });
    },
    setVolume(volume: number) {
      const value = clamp(volume, 0, 1);
      set({ volume: value, muted: value === 0 ? state.muted : false });
    },
    toggleMute() {
      set({ muted: !state.muted });
    },
    toggleShuffle() {
      if (state.shuffle) {
        const original = state.unshuffled ?? state.queue;
        const current = state.currentTrack;
        let index = current ? original.indexOf(current) : 0;
        if (index === -1 && current) index = original.findIndex((t) => t.id === current.id);
        set({ shuffle: false, queue: [...original], unshuffled: null, index: Math.max(0, index) });
      } else {
        set({
          shuffle: true,
          unshuffled: [...state.queue],
          queue: shuffleAround(state.queue, state.index, random),
          index: 0,
        });
      }
    },
    cycleRepeat() {
      const nextMode: Record<RepeatMode, RepeatMode> = { off: 'all', all: 'one', one: 'off' };
      set({ repeat: nextMode[state.repeat] });
    },
    enqueue(tracks: PlayerTrack[]) {
      if (tracks.length === 0) return;
      if (state.queue.length === 0) {
        actions.playTracks(tracks, 0, { type: 'queue' });
        return;
      }
      set({
        queue: [...state.queue, ...tracks],
        unshuffled: state.unshuffled ? [...state.unshuffled, ...tracks] : null,
      });
    },
    playNext(tracks: PlayerTrack[]) {
      if (tracks.length === 0) return;
      if (state.queue.length === 0) {
        actions.playTracks(tracks, 0, { type: 'queue' });
        return;
      }
      const queue = [...state.queue];
      queue.splice(state.index + 1, 0, ...tracks);
      let unshuffled = state.unshuffled;
      if (unshuffled && state.currentTrack) {
        const at = unshuffled.indexOf(state.currentTrack);
        unshuffled = [...unshuffled];
        unshuffled.splice(at + 1, 0, ...tracks);
      }
      set({ queue, unshuffled });
    },
    removeFromQueue(index: number) {
      const removed = state.queue[index];
      if (!removed) return;
      const queue = state.queue.filter((_, i) => i !== index);
      const unshuffled = withoutFromUnshuffled(removed);
      if (queue.length === 0) {
        set({
          queue,
          unshuffled: null,
          index: 0,
          isPlaying: false,
          positionMs: 0,
          durationMs: 0,
          bufferedMs: 0,
          loadToken: state.loadToken + 1,
        });
      } else if (index < state.index) {
        set({ queue, unshuffled, index: state.index - 1 });
      } else if (index === state.index) {
        // The track after the removed one takes its place; at the end, the queue stops.
        if (index < queue.length) startAt(index, { queue, unshuffled }, state.isPlaying);
        else startAt(queue.length - 1, { queue, unshuffled }, false);
      } else {
        set({ queue, unshuffled });
      }
    },
    moveInQueue(from: number, to: number) {
      const length = state.queue.length;
      if (from < 0 || from >= length || to < 0 || to >= length || from === to) return;
      const queue = [...state.queue];
      const [moved] = queue.splice(from, 1);
      queue.splice(to, 0, moved!);
      let index = state.index;
      if (from === state.index) index = to;
      else if (from < state.index && to >= state.index) index -= 1;
      else if (from > state.index && to <= state.index) index += 1;
      set({ queue, index });
    },
    /** Plays the queue entry at `index` (a click in the queue panel). */
    /** Takes over a queue saved on another device, paused where it was. */
    restoreQueue(tracks: PlayerTrack[], index: number, positionMs: number) {
      if (tracks.length === 0) return;
      const at = clamp(Math.trunc(index), 0, tracks.length - 1);
      const track = tracks[at]!;
      set({
        queue: [...tracks],
        unshuffled: null,
        shuffle: false,
        index: at,
        isPlaying: false,
        positionMs: clamp(positionMs, 0, track.duration_ms),
        durationMs: track.duration_ms,
        bufferedMs: 0,
        context: { type: 'queue' },
        loadToken: state.loadToken + 1,
      });
    },

    playQueueIndex(index: number) {
      if (index < 0 || index >= state.queue.length) return;
      startAt(index);
    },
    setMaximized(maximized: boolean) {
      if (state.maximized === maximized) return;
      set({ maximized }, { save: false });
    },
  };

  /** Called by the playback engine; not meant for screens. */
  const engine = {
    reportProgress(positionMs: number, durationMs?: number) {
      const patch: Partial<PlayerState> = { positionMs };
      if (durationMs && Number.isFinite(durationMs)) patch.durationMs = durationMs;
      const save = Math.abs(positionMs - lastSavedPositionMs) >= POSITION_SAVE_INTERVAL_MS;
      set(patch, { save });
    },
    reportBuffered(bufferedMs: number) {
      if (bufferedMs === state.bufferedMs) return;
      set({ bufferedMs }, { save: false });
    },
    /** The browser refused or stopped playback (autoplay policy, device change). */
    reportPaused() {
      if (state.isPlaying) set({ isPlaying: false });
    },
    /** The current track played to its end. */
    handleEnded() {
      if (state.repeat === 'one') startAt(state.index);
      else if (state.index < state.queue.length - 1) startAt(state.index + 1);
      else if (state.repeat === 'all') startAt(0);
      else stop();
    },
    /** The current track cannot be played: skip it, or stop at the end of the queue. */
    handleError() {
      if (state.index < state.queue.length - 1) startAt(state.index + 1, {}, state.isPlaying);
      else stop();
    },
    flush() {
      persist();
    },
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    actions,
    engine,
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The player as the server draws it. */
const DRAWN_STATE = initialState();

/** The one player of the app. */
export const playerStore = createPlayerStore({ storage: browserStorage() });
export const player = playerStore.actions;

export function usePlayerStore(): PlayerState;
export function usePlayerStore<T>(selector: (state: PlayerState) => T): T;
export function usePlayerStore<T>(selector?: (state: PlayerState) => T): T | PlayerState {
  const select = selector ?? ((state: PlayerState) => state);
  return useSyncExternalStore(
    playerStore.subscribe,
    () => select(playerStore.getState()),
    // A page the server drew has an empty player (it cannot know what this browser saved):
    // it is taken over as drawn, then shows what was saved.
    () => select(DRAWN_STATE),
  );
}

/** Whether this track is the current one and playing: for now-playing indicators in lists. */
export function useIsTrackPlaying(trackId: number): boolean {
  return usePlayerStore(
    (state) => state.isPlaying && state.currentTrack !== null && state.currentTrack.id === trackId,
  );
}

/** Whether this track is the current one (playing or paused). */
export function useIsCurrentTrack(trackId: number): boolean {
  return usePlayerStore((state) => state.currentTrack?.id === trackId);
}
