import { normalisationSettings, type NormalisationSettings } from './loudness-gain';
import {
  clamp,
  type PlayContext,
  type PlayerState,
  type PlayerTrack,
  type RepeatMode,
} from './player-state';
import { playbackRate } from './sleep-timer';
import { clampCrossfade } from './transition-plan';

export const PLAYER_STORAGE_KEY = 'cadenza.player';

/** Where the player keeps its queue and preferences between visits (localStorage in a browser). */
export type PlayerStorage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

interface PersistedPlayer {
  queue: PlayerTrack[];
  unshuffled: PlayerTrack[] | null;
  index: number;
  positionMs: number;
  volume: number;
  muted: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
  normalisation: NormalisationSettings;
  crossfadeSeconds: number;
  context: PlayContext | null;
  autoplay: boolean;
  playbackRate?: number;
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
    replay_gain: track.replay_gain ?? null,
    number: track.number ?? null,
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

/** The player as this browser left it; whatever is missing or malformed stays as it starts. */
export function readPersisted(storage: PlayerStorage | null): Partial<PlayerState> {
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
      normalisation: normalisationSettings(saved.normalisation),
      crossfadeSeconds:
        typeof saved.crossfadeSeconds === 'number' ? clampCrossfade(saved.crossfadeSeconds) : 0,
      context: saved.context ?? null,
      autoplay: saved.autoplay !== false,
      playbackRate: playbackRate(saved.playbackRate),
    };
  } catch {
    return {};
  }
}

/** Saves the queue (slimmed), its position and the preferences. */
export function writePersisted(storage: PlayerStorage, state: PlayerState) {
  const saved: PersistedPlayer = {
    queue: state.queue.map(slimTrack),
    unshuffled: state.unshuffled?.map(slimTrack) ?? null,
    index: state.index,
    positionMs: Math.round(state.positionMs),
    volume: state.volume,
    muted: state.muted,
    shuffle: state.shuffle,
    repeat: state.repeat,
    normalisation: state.normalisation,
    crossfadeSeconds: state.crossfadeSeconds,
    context: state.context,
    autoplay: state.autoplay,
    playbackRate: state.playbackRate,
  };
  try {
    storage.setItem(PLAYER_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or denied: the player still works, it just won't survive a reload.
  }
}

/** This browser's localStorage, or none where there is no window or it is denied. */
export function browserStorage(): PlayerStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
