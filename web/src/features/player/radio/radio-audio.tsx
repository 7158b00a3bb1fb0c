import { useEffect, useRef } from 'react';
import { toast } from '../../../ui/toast/toast-store';
import { useTranslation } from '../../../i18n/use-translation';
import { player, playerStore } from '../state/player-store';
import { radio, stationStreamUrl } from './radio-store';

/**
 * The audio element of the live station. Playing a station pauses the tracks, and playing a
 * track leaves the station; a paused station lets its stream go (live radio resumes live).
 */
export function RadioAudio() {
  const { t } = useTranslation();
  const audioRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const applyVolume = () => {
      const { volume, muted } = playerStore.getState();
      audio.volume = volume;
      audio.muted = muted;
    };
    const apply = () => {
      const { station, playing } = radio.getState();
      applyVolume();
      if (station && playing) {
        if (playerStore.getState().isPlaying) player.pause();
        const url = stationStreamUrl(station.id);
        if (audio.getAttribute('src') !== url) audio.src = url;
        audio.play()?.catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          radio.toggle();
        });
      } else if (audio.getAttribute('src')) {
        audio.pause();
        audio.removeAttribute('src');
        audio.load();
      }
    };
    const onError = () => {
      const url = audio.getAttribute('src');
      if (!url) return;
      radio.close();
      void whyRefused(url).then((status) =>
        toast.danger(
          status === 429
            ? t('You are listening to radio in two places already. Stop one to start another.')
            : status === 503
              ? t('The radio is full right now. Try again in a few minutes.')
              : t('The station cannot be reached right now.'),
        ),
      );
    };
    audio.addEventListener('error', onError);
    const stopRadio = radio.subscribe(apply);
    const followPlayer = playerStore.subscribe(() => {
      applyVolume();
      if (playerStore.getState().isPlaying && radio.getState().station) radio.close();
    });
    apply();
    return () => {
      audio.removeEventListener('error', onError);
      stopRadio();
      followPlayer();
      audio.pause();
    };
  }, [t]);

  return <audio ref={audioRef} data-testid="radio-audio" hidden />;
}

/**
 * The status the stream answers with, asked again as the element does not tell it: the relay
 * refuses a listener with too many streams (429) and a full instance (503). Read no further than
 * the status line, as a stream that opens this time would never end.
 */
async function whyRefused(url: string): Promise<number | null> {
  const abort = new AbortController();
  try {
    const response = await fetch(url, { signal: abort.signal, credentials: 'same-origin' });
    return response.status;
  } catch {
    return null;
  } finally {
    abort.abort();
  }
}
