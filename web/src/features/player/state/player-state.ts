import type { ReplayGain } from '@cadenza/contracts/music';
import { DEFAULT_NORMALISATION, type NormalisationSettings } from './loudness-gain';

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
  /** Its loudness, for "Normalise volume" (null until measured). */
  replay_gain?: ReplayGain | null;
  /** The track's number on its album: tells tracks played in album order. */
  number?: number | null;
}

/**
 * The sleep timer: playback stops at a moment on the clock, or when the current track ends.
 * It lives in this browser's player only (a reload forgets it, as a bedside radio would).
 */
export type SleepTimer = { kind: 'clock'; endsAt: number } | { kind: 'track' };

export type RepeatMode = 'off' | 'all' | 'one';

export interface PlayContext {
  type: 'album' | 'playlist' | 'artist' | 'channel' | 'search' | 'queue' | 'radio';
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
  /** "Normalise volume": see `loudness-gain.ts`. */
  normalisation: NormalisationSettings;
  /** Seconds the end of one track overlaps the start of the next (0: none). */
  crossfadeSeconds: number;
  maximized: boolean;
  /** When the queue ends, playback goes on with tracks like the last one (a listener setting). */
  autoplay: boolean;
  /** When playback stops by itself (null: it does not); never saved. */
  sleepTimer: SleepTimer | null;
  /** The speed chosen for long tracks (see `sleep-timer.ts`), kept by this browser. */
  playbackRate: number;
  /** The queue in its original order while shuffle is on, so turning shuffle off restores it. */
  unshuffled: PlayerTrack[] | null;
  /** Changes whenever a track must start again from `positionMs` (new track, restart). */
  loadToken: number;
  /** Changes whenever the playback position is moved by the user. */
  seekToken: number;
}

/** A player with nothing in it, as a first visit and the server see it. */
export function initialState(): PlayerState {
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
    normalisation: DEFAULT_NORMALISATION,
    crossfadeSeconds: 0,
    maximized: false,
    autoplay: true,
    sleepTimer: null,
    playbackRate: 1,
    unshuffled: null,
    loadToken: 0,
    seekToken: 0,
  };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
