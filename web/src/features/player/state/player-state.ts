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
    maximized: false,
    unshuffled: null,
    loadToken: 0,
    seekToken: 0,
  };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
