import type { Track } from '@cadenza/contracts/music';
import { player, usePlayerStore } from '../../state/player-store';
import type { PlayContext, PlayerTrack } from '../../state/player-state';

export type { PlayContext };
export { useIsCurrentTrack, useIsTrackPlaying } from '../../state/player-store';

/** The screens' one door into the player: API tracks satisfy the player's track shape. */
export function playTracks(tracks: Track[], startIndex: number, context: PlayContext) {
  player.playTracks(tracks as PlayerTrack[], startIndex, context);
}

export const enqueue = (tracks: Track[]) => player.enqueue(tracks);
export const playNext = (tracks: Track[]) => player.playNext(tracks);
export const pausePlayback = () => player.pause();
export const seekTo = (ms: number) => player.seek(ms);

function sameContext(a: PlayContext | null, b: PlayContext): boolean {
  return !!a && a.type === b.type && String(a.id ?? '') === String(b.id ?? '');
}

/** True while this album / artist / playlist / channel is what the player is playing. */
export function useIsContextPlaying(context: PlayContext): boolean {
  return usePlayerStore((state) => state.isPlaying && sameContext(state.context, context));
}

/** The playback position while this track is the current one (for synced lyrics). */
export function useTrackPositionMs(trackId: number): number | null {
  return usePlayerStore((state) => (state.currentTrack?.id === trackId ? state.positionMs : null));
}
