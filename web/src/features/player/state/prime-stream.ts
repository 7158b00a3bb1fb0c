import { streamUrl } from './stream-url';

let primed: { audio: HTMLAudioElement; idle: () => boolean } | null = null;

/** The playback engine's element, and whether the player holds no track; null when it detaches. */
export function setStreamPrimer(audio: HTMLAudioElement | null, idle = () => true): void {
  primed = audio ? { audio, idle } : null;
}

/**
 * A press on a track's Play, before its click: the audio element starts reading the track while
 * the button is still down, so the click's own work (drawing the player) no longer delays the
 * read. Only an element that holds nothing is primed: what plays or waits paused is left alone.
 */
export function primeStream(trackId: number): void {
  if (!primed || !primed.idle() || primed.audio.getAttribute('src')) return;
  primed.audio.src = streamUrl(trackId);
}
