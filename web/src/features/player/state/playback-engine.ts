import { toast } from '../../../ui/toast/toast-store';
import { GaplessDeck } from './gapless-deck';
import { PlayLogger, type PlayLog } from './play-logger';
import { sendNowPlaying, sendPlayLog } from '../api/playback-api';
import { setSessionHandler } from './media-session';
import { setStreamPrimer } from './prime-stream';
import { effectiveRate, sleepFadeFactor, sleepRemainingMs } from './sleep-timer';
import { streamFailureMessage, streamUrl } from './stream-url';
import type { PlayerStore } from './player-store';
import type { PlayerState, PlayerTrack } from './player-state';
import { continuesAlbum } from './transition-plan';

export function trackImage(track: PlayerTrack): string | null {
  return track.album?.image ?? track.image ?? null;
}

export interface PlaybackEngineOptions {
  store: PlayerStore;
  /** The element that plays; a second one preloads the next track. */
  audio: HTMLAudioElement;
  preload?: HTMLAudioElement | null;
  logPlay?: (log: PlayLog) => void;
  /** A play was first heard: scrobblers show it as playing now. */
  reportNowPlaying?: (trackId: number) => void;
  mediaSession?: MediaSession | null;
  /**
   * Where gapless joins and crossfades are played: without one (an old browser, tests of the
   * element alone) every track plays on the element, one after the other.
   */
  audioContext?: AudioContext | null;
  /** A track's own loudness correction, a linear factor (1: as recorded). */
  trackGain?: (track: PlayerTrack) => number;
  /** The wall clock, for the sleep timer. */
  now?: () => number;
}

const PROGRESS_INTERVAL_MS = 250;

/** The track that follows the current one when it ends, as the store's rules pick it. */
export function followingTrack(state: PlayerState): PlayerTrack | null {
  if (!state.currentTrack) return null;
  if (state.repeat === 'one') return state.currentTrack;
  return state.queue[state.index + 1] ?? (state.repeat === 'all' ? (state.queue[0] ?? null) : null);
}

const elementSources = new WeakMap<HTMLMediaElement, MediaElementAudioSourceNode>();

/** The element's sound, led through the graph; an element can be led there only once. */
function elementSource(context: AudioContext, audio: HTMLAudioElement) {
  let source = elementSources.get(audio);
  if (!source || source.context !== context) {
    source = context.createMediaElementSource(audio);
    elementSources.set(audio, source);
  }
  return source;
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
  reportNowPlaying = sendNowPlaying,
  mediaSession = typeof navigator !== 'undefined' && 'mediaSession' in navigator
    ? navigator.mediaSession
    : null,
  audioContext = null,
  trackGain = () => 1,
  now = Date.now,
}: PlaybackEngineOptions): () => void {
  const logger = new PlayLogger(logPlay, reportNowPlaying);
  let loadedToken = -1;
  let loadedTrackId: number | null = null;
  let seekToken = store.getState().seekToken;
  let disposed = false;
  let handingOn = false;
  /** The element has started sounding the track it was given. */
  let elementSounds = false;
  audio.preload = 'auto';

  const deck = audioContext
    ? new GaplessDeck(
        audioContext,
        { onEnded: () => onEnded(), onDecoded: () => apply() },
        trackGain,
      )
    : null;
  // The element plays through the deck's volume too, with the track's own gain.
  const elementGain = audioContext?.createGain() ?? null;
  if (audioContext && deck && elementGain) {
    const source = elementSource(audioContext, audio);
    source.disconnect();
    source.connect(elementGain).connect(deck.master);
  }
  /** Whether the element, not the deck, plays the current track: its events count. */
  const elementPlays = () => loadedTrackId !== null && !deck?.active;

  function stopElement() {
    if (!audio.getAttribute('src')) return;
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
  }

  /** The deck takes the current track over from the element once it is decoded. */
  function takeOver(state: PlayerState) {
    const track = state.currentTrack;
    if (!deck || !elementGain || deck.active || !track || !deck.isDecoded(track.id)) return;
    const sounding = state.isPlaying && !audio.paused;
    const offset = audio.getAttribute('src') ? audio.currentTime : state.positionMs / 1000;
    deck.load(track, offset, sounding ? elementGain : null);
    if (!sounding) {
      stopElement();
      return;
    }
    // The element is faded out by the deck; it stops once it is silent.
    const element = elementGain;
    setTimeout(() => {
      if (!deck.active) return;
      stopElement();
      element.gain.cancelScheduledValues(0);
    }, 100);
  }

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
    loadedTrackId = track.id;
    logger.start(track.id, state.positionMs);
    updateMetadata(track);
    elementSounds = false;
    if (deck && loadDecoded(state, track)) return;
    if (audio.getAttribute('src') !== streamUrl(track.id)) audio.src = streamUrl(track.id);
    if (elementGain) elementGain.gain.value = trackGain(track);
    // A restored queue resumes where it stopped; a new play starts at 0.
    setCurrentTime(state.positionMs / 1000);
    preloadNext(state);
  }

  /** The deck plays the track when it already holds it decoded (queued, or played before). */
  function loadDecoded(state: PlayerState, track: PlayerTrack): boolean {
    if (!deck) return false;
    const next = followingTrack(state);
    deck.keepOnly([track.id, ...(next ? [next.id] : [])]);
    if (handingOn && state.positionMs === 0 && deck.adopt(track.id)) {
      stopElement();
      return true;
    }
    if (deck.load(track, state.positionMs / 1000)) {
      stopElement();
      return true;
    }
    deck.stop();
    // The element starts it at once; the deck takes over once it is decoded.
    return false;
  }

  function setCurrentTime(seconds: number) {
    try {
      audio.currentTime = seconds;
    } catch {
      // Before metadata, some browsers refuse; the position is applied on loadedmetadata.
    }
  }

  function preloadNext(state: PlayerState) {
    // The deck reads the next track itself.
    if (!preload || deck) return;
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
    if (deck?.active) {
      if (state.isPlaying) deck.play();
      else deck.pause();
      return;
    }
    if (state.isPlaying && audioContext?.state === 'suspended') void audioContext.resume();
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
      if (deck?.active) deck.seek(state.positionMs / 1000);
      else setCurrentTime(state.positionMs / 1000);
      logger.seeked(state.positionMs);
    }
    applyVolume(state);
    applyRate(state);
    takeOver(state);
    syncPlaying(state);
    planNext(state);
    updatePlaybackState(state);
  }

  /** The listener's volume, faded out as the sleep timer ends. */
  function applyVolume(state: PlayerState) {
    const volume = state.volume * sleepFadeFactor(sleepRemainingMs(state, now()));
    if (deck) deck.setVolume(state.muted ? 0 : volume);
    else {
      audio.volume = volume;
      audio.muted = state.muted;
    }
  }

  /**
   * Long tracks may play faster or slower. They always play on the element (the deck decodes
   * nothing that long), whose playbackRate keeps the pitch; every other track plays as recorded.
   */
  function applyRate(state: PlayerState) {
    const rate = effectiveRate(state);
    audio.preservesPitch = true;
    // A new source resets playbackRate to the default: both are set.
    if (audio.defaultPlaybackRate !== rate) audio.defaultPlaybackRate = rate;
    if (audio.playbackRate !== rate) audio.playbackRate = rate;
  }

  /** The clock timer runs out even while the page shows no progress (paused, in the background). */
  function checkSleep() {
    const state = store.getState();
    if (state.sleepTimer?.kind !== 'clock') return;
    if (sleepRemainingMs(state, now()) === 0) store.engine.sleep();
    else if (state.isPlaying) applyVolume(state);
  }

  function planNext(state: PlayerState) {
    if (!deck) return;
    const current = state.currentTrack;
    // A sleep timer at the track's end queues nothing behind it: the music stops there.
    const next =
      state.isPlaying && state.sleepTimer?.kind !== 'track' ? followingTrack(state) : null;
    // The current track is read whole too, so the deck can take it over from the element; only
    // once the element sounds, so the two reads do not slow the first sound down.
    if (current && !deck.active && elementSounds) deck.decode(current);
    deck.planNext({
      track: next,
      crossfadeSeconds: state.crossfadeSeconds,
      gapless: current !== null && next !== null && continuesAlbum(current, next, state.shuffle),
    });
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
    if (!elementPlays()) return;
    const positionMs = audio.currentTime * 1000;
    const durationMs = Number.isFinite(audio.duration) ? audio.duration * 1000 : undefined;
    if (!audio.paused) logger.progress(positionMs);
    store.engine.reportProgress(positionMs, durationMs);
    updatePositionState();
  };
  const onProgress = () => {
    if (!elementPlays()) return;
    const { buffered } = audio;
    if (buffered.length === 0) return;
    store.engine.reportBuffered(buffered.end(buffered.length - 1) * 1000);
  };
  const onLoadedMetadata = () => {
    if (!elementPlays()) return;
    const state = store.getState();
    if (Math.abs(audio.currentTime * 1000 - state.positionMs) > 500) {
      setCurrentTime(state.positionMs / 1000);
    }
    onTimeUpdate();
  };
  const onEnded = () => {
    logger.ended();
    // Only the store moving on by itself may adopt the queued track; a skip starts at once.
    handingOn = true;
    try {
      store.engine.handleEnded();
    } finally {
      handingOn = false;
    }
  };
  const onElementEnded = () => {
    if (elementPlays()) onEnded();
  };
  /** The deck's progress, reported as the element's timeupdate would. */
  const onDeckTick = () => {
    if (!deck?.active) return;
    const positionMs = deck.position() * 1000;
    if (deck.playing) logger.progress(positionMs);
    store.engine.reportProgress(positionMs, deck.duration() * 1000);
    store.engine.reportBuffered(deck.duration() * 1000);
    if (mediaSession?.setPositionState) {
      try {
        mediaSession.setPositionState({
          duration: deck.duration(),
          position: Math.min(deck.position(), deck.duration()),
          playbackRate: 1,
        });
      } catch {
        // A zero-length track.
      }
    }
  };
  const onPause = () => {
    // Paused by the browser or the operating system (headphones unplugged, another app).
    if (!elementPlays()) return;
    if (!audio.ended && store.getState().isPlaying && audio.error === null) {
      store.engine.reportPaused();
    }
  };
  const onPlay = () => {
    if (!store.getState().isPlaying) store.actions.play();
  };
  const onError = () => {
    if (!elementPlays()) return;
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
  audio.addEventListener('ended', onElementEnded, { signal });
  audio.addEventListener('pause', onPause, { signal });
  audio.addEventListener('play', onPlay, { signal });
  audio.addEventListener(
    'playing',
    () => {
      elementSounds = true;
      apply();
    },
    { signal },
  );
  audio.addEventListener('error', onError, { signal });
  window.addEventListener('pagehide', () => store.engine.flush(), { signal });
  const ticking = deck ? setInterval(onDeckTick, PROGRESS_INTERVAL_MS) : undefined;
  const sleepTicking = setInterval(checkSleep, PROGRESS_INTERVAL_MS);

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

  setStreamPrimer(audio, () => store.getState().currentTrack === null);
  const unsubscribe = store.subscribe(apply);
  // A restored queue appears paused at its saved position; nothing plays without a gesture.
  apply();

  return () => {
    disposed = true;
    setStreamPrimer(null);
    unsubscribe();
    listening.abort();
    clearInterval(ticking);
    clearInterval(sleepTicking);
    deck?.dispose();
    elementGain?.disconnect();
    for (const [action] of sessionHandlers) setSessionHandler(mediaSession, action, null);
    audio.pause();
    // Leaving the player stops the music; the store must say so, or it would start again by
    // itself when the listener comes back.
    store.actions.pause();
  };
}
