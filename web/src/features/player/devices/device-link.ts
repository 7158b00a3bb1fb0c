import { DEVICE_EVENTS, DEVICE_STREAM_PARAM } from '@cadenza/contracts/device-events';
import type { Device, DeviceAction, DeviceReport } from '@cadenza/contracts/devices';
import type { PlayerTrack } from '../state/player-state';
import type { PlayerStore } from '../state/player-store';
import { DEVICE_STREAM_URL, type DevicesApi } from './devices-api';

/** The server's limits, kept here so the player loads no zod. */
const QUEUE_MAX = 1000;
export const REPORT_INTERVAL_MS = 10_000;
/** Changes close together (a seek drag, a skip) make one report. */
const REPORT_DELAY_MS = 250;

/** A command as this player's event stream carries it. */
export interface PlayerCommand {
  action: DeviceAction;
  value?: number;
  playback?: { tracks: PlayerTrack[]; index: number; position_ms: number };
}

interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** This page's player: one id per open page, so two tabs are two devices. */
export function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What this player reports: its queue (the part around the current track), place and volume. */
export function reportOf(store: PlayerStore): DeviceReport {
  const state = store.getState();
  const start = state.index >= QUEUE_MAX ? state.index : 0;
  return {
    track_ids: state.queue.slice(start, start + QUEUE_MAX).map((track) => track.id),
    index: state.index - start,
    is_playing: state.isPlaying && state.currentTrack !== null,
    position_ms: Math.max(0, Math.round(state.positionMs)),
    volume: state.muted ? 0 : state.volume,
  };
}

/** What others would see change: not the position moving on as it plays, but a seek. */
function changeKey(store: PlayerStore): string {
  const state = store.getState();
  return [
    state.currentTrack?.id ?? '',
    state.index,
    state.queue.length,
    state.isPlaying,
    state.muted ? 0 : state.volume,
    state.seekToken,
    state.loadToken,
  ].join('|');
}

/** Carries out a command from another of the listener's players. */
export function applyCommand(store: PlayerStore, command: PlayerCommand): void {
  const player = store.actions;
  switch (command.action) {
    case 'play':
      return player.play();
    case 'pause':
      return player.pause();
    case 'next':
      return player.next();
    case 'previous':
      return player.previous();
    case 'seek':
      return player.seek((command.value ?? 0) * 1000);
    case 'volume':
      return player.setVolume(command.value ?? 1);
    case 'transfer': {
      const playback = command.playback;
      if (playback && playback.tracks.length > 0) {
        player.restoreQueue(playback.tracks, playback.index, playback.position_ms);
      }
      return player.play();
    }
  }
}

/**
 * Makes this player one of the listener's devices (Spotify Connect's way): it reports its state
 * on each change and every few seconds, carries out the commands its event stream brings, and
 * hands on the list of devices each time one changes. Answers the way to stop.
 */
export function startDeviceLink(
  store: PlayerStore,
  api: DevicesApi,
  {
    deviceId,
    onDevices,
    onConnected = () => {},
    openStream = (url) => new EventSource(url, { withCredentials: true }),
  }: {
    deviceId: string;
    onDevices: (devices: Device[]) => void;
    /** The stream is open and this player reported: the list can be read, this one in it. */
    onConnected?: () => void;
    openStream?: (url: string) => EventSourceLike;
  },
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastKey = changeKey(store);

  const report = () => {
    timer = undefined;
    // A report that failed is made again with the next change or beat.
    return api.report(deviceId, reportOf(store)).catch(() => undefined);
  };
  const reportSoon = () => {
    timer ??= setTimeout(() => void report(), REPORT_DELAY_MS);
  };

  const unsubscribe = store.subscribe(() => {
    const key = changeKey(store);
    if (key === lastKey) return;
    lastKey = key;
    reportSoon();
  });
  const beat = setInterval(() => void report(), REPORT_INTERVAL_MS);

  const url = `${DEVICE_STREAM_URL}?${DEVICE_STREAM_PARAM}=${encodeURIComponent(deviceId)}`;
  const source = openStream(url);
  // Each (re)opened stream: this player is back in the list at once, and reads the list (changes
  // made while the stream was closed never came).
  source.addEventListener('open', () => void report().then(onConnected));
  source.addEventListener(DEVICE_EVENTS.command, (event) => {
    applyCommand(store, JSON.parse(event.data) as PlayerCommand);
  });
  source.addEventListener(DEVICE_EVENTS.devices, (event) => {
    onDevices((JSON.parse(event.data) as { devices: Device[] }).devices);
  });
  void report();

  return () => {
    unsubscribe();
    clearInterval(beat);
    if (timer) clearTimeout(timer);
    source.close();
  };
}
