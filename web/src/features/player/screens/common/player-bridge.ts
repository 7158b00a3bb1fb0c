import type { Track } from '@cadenza/contracts/music';
import { fetchRadio, type RadioSeed } from '../../api/radio-api';
import { primeStream } from '../../state/prime-stream';
import { player, usePlayerStore } from '../../state/player-store';
import type { PlayContext, PlayerTrack } from '../../state/player-state';

export type { PlayContext };
export { useIsCurrentTrack, useIsTrackPlaying } from '../../state/player-store';

/** The screens' one door into the player: API tracks satisfy the player's track shape. */
export function playTracks(tracks: Track[], startIndex: number, context: PlayContext) {
  player.playTracks(tracks as PlayerTrack[], startIndex, context);
}

/** A press on a track's Play: its audio starts loading before the click plays it. */
export function primeTrack(track: Track) {
  primeStream(track.id);
}

/**
 * Replaces the queue with a radio: the seed's own tracks first (a track, or none for an album or
 * an artist, whose radio holds their songs), then tracks like them.
 */
export async function startRadio(seed: RadioSeed, id: number, first: Track[] = []) {
  const radio = await fetchRadio(seed, id);
  const seen = new Set(first.map((track) => track.id));
  const tracks = [...first, ...radio.filter((track) => !seen.has(track.id))];
  if (tracks.length > 0)
    player.playTracks(tracks as PlayerTrack[], 0, { type: 'radio', id: `${seed}-${id}` });
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
