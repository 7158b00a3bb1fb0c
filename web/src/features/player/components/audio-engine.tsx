import { useEffect, useRef } from 'react';
import { normalisationGain } from '../state/loudness-gain';
import { attachPlaybackEngine } from '../state/playback-engine';
import { playerStore } from '../state/player-store';

let sharedContext: AudioContext | null = null;

/** One audio clock for the page: every track is scheduled on it, across remounts. */
function audioContext(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  sharedContext ??= new AudioContext();
  return sharedContext;
}

/**
 * The audio elements behind the player: the first starts a track the moment it is picked,
 * then the Web Audio deck takes it over for gapless joins and crossfades. Without Web Audio,
 * the second element fetches the next track early instead.
 */
export function AudioEngine() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const preloadRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (!audioRef.current) return;
    return attachPlaybackEngine({
      store: playerStore,
      audio: audioRef.current,
      preload: preloadRef.current,
      audioContext: audioContext(),
      // "Normalise volume" as it is set when each track starts.
      trackGain: (track) => normalisationGain(track, playerStore.getState().normalisation),
    });
  }, []);

  return (
    <>
      <audio ref={audioRef} preload="auto" data-testid="player-audio" hidden />
      <audio ref={preloadRef} preload="auto" muted hidden />
    </>
  );
}
