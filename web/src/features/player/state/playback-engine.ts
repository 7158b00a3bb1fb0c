import { apiClient } from '../../../api/client';
import { i18n } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast/toast-store';
import { PlayLogger, type PlayLog } from './play-logger';
import { streamUrl } from './stream-url';
import type { PlayerStore } from './player-store';
import type { PlayerState, PlayerTrack } from './player-state';

export function trackImage(track: PlayerTrack): string | null {
  return track.album?.image ?? track.image ?? null;
}

function sendPlayLog({ trackId, playedMs, ended }: PlayLog) {
  apiClient.post(`tracks/${trackId}/plays`, { played_ms: playedMs, ended }).catch(() => {
    // A lost play count is not worth interrupting the music for.
  });
}

/** Learns why the stream failed, so the toast can say something useful. */
async function streamFailureMessage(trackId: number): Promise<string> {
  const t = i18n.t.bind(i18n);
  try {
    const response = await fetch(streamUrl(trackId), {
      headers: { Range: 'bytes=0-0' },
      credentials: 'same-origin',
    });
    if (response.status === 401 || response.status === 403) {
      return t('Log in to listen to this track.');
    }
    if (response.status === 404) return t('This track is no longer available.');
  } catch {
    return t('Could not reach the server to play this track.');
  }
  return t('This track could not be played.');
}

/** Sets or clears the handler of a media session action (null clears). */
function setSessionHandler(
  mediaSession: MediaSession | null,
  action: MediaSessionAction,
  handler: MediaSessionActionHandler | null,
) {
  try {
    mediaSession?.setActionHandler(action, handler);
  } catch {
    // The browser does not know this action.
  }
}

export interface PlaybackEngineOptions {
  store: PlayerStore;
  /** The element that plays; a second one preloads the next track. */
  audio: HTMLAudioElement;
  preload?: HTMLAudioElement | null;
  logPlay?: (log: PlayLog) => void;
  mediaSession?: MediaSession | null;
}

/**
 * Drives one audio element from the player store and reports its progress back. The store
 * says what should happen (track, playing, position, volume); the engine makes the element do it.
 */
export function attachPlaybackEngine({
  store,
  audio,
  preload = null,
  logPlay = sendPlayLog,
  mediaSession = typeof navigator !== 'undefined' && 'mediaSession' in navigator
    ? navigator.mediaSession
    : null,
}: PlaybackEngineOptions): () => void {
  const logger = new PlayLogger(logPlay);
  let loadedToken = -1;
  let loadedTrackId: number | null = null;
  let seekToken = store.getState().seekToken;
  let disposed = false;
  audio.preload = 'auto';

  function load(state: PlayerState) {
    const track = state.currentTrack;
    loadedToken = state.loadToken;
    seekToken = state.seekToken;
    if (!track) {
      loadedTrackId = null;
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
      return;
    }
    const sameTrack = loadedTrackId === track.id;
    loadedTrackId = track.id;
    if (!sameTrack) audio.src = streamUrl(track.id);
    // A restored queue resumes where it stopped; a new play starts at 0.
    setCurrentTime(state.positionMs / 1000);
    logger.start(track.id, state.positionMs);
    preloadNext(state);
    updateMetadata(track);
  }

  function setCurrentTime(seconds: number) {
    try {
      audio.currentTime = seconds;
    } catch {
      // Before metadata, some browsers refuse; the position is applied on loadedmetadata.
    }
  }

  function preloadNext(state: PlayerState) {
    if (!preload) return;
    const next =
      state.queue[state.index + 1] ?? (state.repeat === 'all' ? state.queue[0] : undefined);
    const url = next && next.id !== state.currentTrack?.id ? streamUrl(next.id) : null;
    if (url && preload.getAttribute('src') !== url) {
      preload.preload = 'auto';
      preload.muted = true;
      preload.src = url;
    }
  }

  function syncPlaying(state: PlayerState) {
    if (state.isPlaying && audio.paused && state.currentTrack) {
      const attempt = audio.play();
      // Autoplay policy (a restored queue, no user gesture yet): show it paused instead.
      attempt?.catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        store.engine.reportPaused();
      });
    } else if (!state.isPlaying && !audio.paused) {
      audio.pause();
    }
  }

  function apply() {
    if (disposed) return;
    const state = store.getState();
    if (state.loadToken !== loadedToken || state.currentTrack?.id !== loadedTrackId) load(state);
    if (state.seekToken !== seekToken) {
      seekToken = state.seekToken;
      setCurrentTime(state.positionMs / 1000);
      logger.seeked(state.positionMs);
    }
    audio.volume = state.volume;
    audio.muted = state.muted;
    syncPlaying(state);
    updatePlaybackState(state);
  }

  function updateMetadata(track: PlayerTrack) {
    if (!mediaSession || typeof MediaMetadata === 'undefined') return;
    const image = trackImage(track);
    mediaSession.metadata = new MediaMetadata({
      title: track.name,
      artist: track.artists.map((artist) => artist.name).join(', '),
      album: track.album?.name ?? '',
      artwork: image ? [{ src: image, sizes: '512x512' }] : [],
    });
  }

  function updatePlaybackState(state: PlayerState) {
    if (!mediaSession) return;
    mediaSession.playbackState = state.currentTrack
      ? state.isPlaying
        ? 'playing'
        : 'paused'
      : 'none';
  }

  function updatePositionState() {
    if (!mediaSession?.setPositionState) return;
    const duration = audio.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    try {
      mediaSession.setPositionState({
        duration,
        position: Math.min(audio.currentTime, duration),
        playbackRate: audio.playbackRate || 1,
      });
    } catch {
      // Invalid while the element is between sources.
    }
  }

  const onTimeUpdate = () => {
    const positionMs = audio.currentTime * 1000;
    const durationMs = Number.isFinite(audio.duration) ? audio.duration * 1000 : undefined;
    if (!audio.paused) logger.progress(positionMs);
    store.engine.reportProgress(positionMs, durationMs);
    updatePositionState();
  };
  const onProgress = () => {
    const { buffered } = audio;
    if (buffered.length === 0) return;
    store.engine.reportBuffered(buffered.end(buffered.length - 1) * 1000);
  };
  const onLoadedMetadata = () => {
    const state = store.getState();
    if (Math.abs(audio.currentTime * 1000 - state.positionMs) > 500) {
      setCurrentTime(state.positionMs / 1000);
    }
    onTimeUpdate();
  };
  const onEnded = () => {
    logger.ended();
    store.engine.handleEnded();
  };
  const onPause = () => {
    // Paused by the browser or the operating system (headphones unplugged, another app).
    if (!audio.ended && store.getState().isPlaying && audio.error === null) {
      store.engine.reportPaused();
    }
  };
  const onPlay = () => {
    if (!store.getState().isPlaying) store.actions.play();
  };
  const onError = () => {
    const trackId = loadedTrackId;
    if (trackId === null || !audio.getAttribute('src')) return;
    void streamFailureMessage(trackId).then((message) => toast.danger(message));
    store.engine.handleError();
  };

  // One signal takes every listener away when the engine detaches.
  const listening = new AbortController();
  const { signal } = listening;
  audio.addEventListener('timeupdate', onTimeUpdate, { signal });
  audio.addEventListener('progress', onProgress, { signal });
  audio.addEventListener('loadedmetadata', onLoadedMetadata, { signal });
  audio.addEventListener('ended', onEnded, { signal });
  audio.addEventListener('pause', onPause, { signal });
  audio.addEventListener('play', onPlay, { signal });
  audio.addEventListener('error', onError, { signal });
  window.addEventListener('pagehide', () => store.engine.flush(), { signal });

  const sessionHandlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => store.actions.play()],
    ['pause', () => store.actions.pause()],
    ['previoustrack', () => store.actions.previous()],
    ['nexttrack', () => store.actions.next()],
    [
      'seekto',
      (details) => {
        if (details.seekTime !== undefined) store.actions.seek(details.seekTime * 1000);
      },
    ],
    [
      'seekbackward',
      (details) =>
        store.actions.seek(store.getState().positionMs - (details.seekOffset ?? 10) * 1000),
    ],
    [
      'seekforward',
      (details) =>
        store.actions.seek(store.getState().positionMs + (details.seekOffset ?? 10) * 1000),
    ],
  ];
  for (const [action, handler] of sessionHandlers) {
    setSessionHandler(mediaSession, action, handler);
  }

  const unsubscribe = store.subscribe(apply);
  // A restored queue appears paused at its saved position; nothing plays without a gesture.
  apply();

  return () => {
    disposed = true;
    unsubscribe();
    listening.abort();
    for (const [action] of sessionHandlers) setSessionHandler(mediaSession, action, null);
    audio.pause();
    // Leaving the player stops the music; the store must say so, or it would start again by
    // itself when the listener comes back.
    store.actions.pause();
  };
}
