import { useSyncExternalStore } from 'react';
import { normalisationSettings, type NormalisationSettings } from './loudness-gain';
import { fetchRadio } from '../api/radio-api';
import {
  browserStorage,
  readPersisted,
  writePersisted,
  type PlayerStorage,
} from './player-persistence';
import {
  clamp,
  initialState,
  type PlayContext,
  type PlayerState,
  type PlayerTrack,
  type RepeatMode,
} from './player-state';
import { playbackRate, sleepMinutes } from './sleep-timer';
import { clampCrossfade } from './transition-plan';

/** 'Previous' restarts the current track instead once this much of it has played. */
export const RESTART_THRESHOLD_MS = 3000;
const POSITION_SAVE_INTERVAL_MS = 5000;

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
  storage?: PlayerStorage | null;
  random?: () => number;
  /** Tracks like this one (its radio), for autoplay when the queue ends. */
  similarTo?: (track: PlayerTrack) => Promise<PlayerTrack[]>;
}

export type PlayerStore = ReturnType<typeof createPlayerStore>;

/**
 * The player's state and its rules (queue, shuffle, repeat, next/previous). It knows nothing
 * of audio: the playback engine follows it and reports progress back.
 */
export function createPlayerStore({
  storage = null,
  random = Math.random,
  similarTo,
}: PlayerStoreOptions = {}) {
  let state: PlayerState = { ...initialState(), ...readPersisted(storage) };
  let lastSavedPositionMs = state.positionMs;
  const listeners = new Set<() => void>();

  function persist() {
    if (!storage) return;
    lastSavedPositionMs = state.positionMs;
    writePersisted(storage, state);
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

  /**
   * The queue ended: with autoplay on, it goes on with the radio of the last track (none already
   * queued), else it stops. Nothing is added if the listener moved on while the radio was asked.
   */
  function endOfQueue(isPlaying: boolean) {
    const last = state.currentTrack;
    stop();
    if (!state.autoplay || !similarTo || !last) return;
    const loadToken = state.loadToken;
    similarTo(last)
      .then((tracks) => {
        if (state.loadToken !== loadToken || state.currentTrack?.id !== last.id) return;
        const queued = new Set(state.queue.map((track) => track.id));
        const fresh = tracks.filter((track) => !queued.has(track.id));
        if (fresh.length === 0) return;
        startAt(
          state.index + 1,
          {
            queue: [...state.queue, ...fresh],
            unshuffled: state.unshuffled ? [...state.unshuffled, ...fresh] : null,
          },
          isPlaying,
        );
      })
      // No radio (offline, a server error): the queue simply ends, as without autoplay.
      .catch(() => {});
  }

  /** The track the sleep timer waited for ended: the next one is ready, paused. */
  function sleepAfterTrack() {
    const last = state.queue.length - 1;
    const next =
      state.repeat === 'one'
        ? state.index
        : state.index < last
          ? state.index + 1
          : state.repeat === 'all'
            ? 0
            : null;
    if (next === null) {
      set({ sleepTimer: null }, { save: false });
      stop();
    } else {
      startAt(next, { sleepTimer: null }, false);
    }
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
      else endOfQueue(state.isPlaying);
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
    /** "Normalise volume": the mode, the pre-amp, or both. */
    setNormalisation(patch: Partial<NormalisationSettings>) {
      set({ normalisation: normalisationSettings({ ...state.normalisation, ...patch }) });
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
    /** Seconds of crossfade between tracks, 0 to 12 (0: off). */
    setCrossfade(seconds: number) {
      set({ crossfadeSeconds: clampCrossfade(seconds) });
    },
    /** Stops playback in so many minutes, or when the current track ends ('track'). */
    setSleepTimer(minutes: number | 'track', now = Date.now()) {
      if (minutes === 'track') {
        set({ sleepTimer: { kind: 'track' } }, { save: false });
        return;
      }
      const length = sleepMinutes(minutes);
      if (length !== null) set({ sleepTimer: { kind: 'clock', endsAt: now + length * 60_000 } });
    },
    cancelSleepTimer() {
      if (state.sleepTimer) set({ sleepTimer: null }, { save: false });
    },
    /** The speed of long tracks (0.5 to 2), remembered by this browser. */
    setPlaybackRate(rate: number) {
      set({ playbackRate: playbackRate(rate) });
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
    setAutoplay(autoplay: boolean) {
      set({ autoplay });
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
    /** The sleep timer ran out: the music stops where it is. */
    sleep() {
      set({ sleepTimer: null, isPlaying: false });
    },
    /** The current track played to its end. */
    handleEnded() {
      if (state.sleepTimer?.kind === 'track') {
        sleepAfterTrack();
        return;
      }
      if (state.repeat === 'one') startAt(state.index);
      else if (state.index < state.queue.length - 1) startAt(state.index + 1);
      else if (state.repeat === 'all') startAt(0);
      else endOfQueue(true);
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

/** The player as the server draws it. */
const DRAWN_STATE = initialState();

/** The one player of the app. */
export const playerStore = createPlayerStore({
  storage: browserStorage(),
  similarTo: (track) => fetchRadio('track', track.id),
});
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

/**
 * False while a track just started is on its way to its first sound. Requests about it (its
 * waveform, whether it is liked) wait until then: they reached the server ahead of the audio,
 * and drawing their answers kept the page busy while the audio element was starting.
 */
export function useFirstSoundSettled(): boolean {
  return usePlayerStore((state) => !state.isPlaying || state.positionMs > 0);
}

/** Whether this track is the current one (playing or paused). */
export function useIsCurrentTrack(trackId: number): boolean {
  return usePlayerStore((state) => state.currentTrack?.id === trackId);
}
