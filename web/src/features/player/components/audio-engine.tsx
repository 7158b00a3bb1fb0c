import { useEffect, useRef } from 'react';
import { attachPlaybackEngine } from '../state/playback-engine';
import { playerStore } from '../state/player-store';

/** The audio elements behind the player; one plays, the other fetches the next track early. */
export function AudioEngine() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const preloadRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (!audioRef.current) return;
    return attachPlaybackEngine({
      store: playerStore,
      audio: audioRef.current,
      preload: preloadRef.current,
    });
  }, []);

  return (
    <>
      <audio ref={audioRef} preload="auto" data-testid="player-audio" hidden />
      <audio ref={preloadRef} preload="auto" muted hidden />
    </>
  );
}
