import { getBootstrapData, onBootstrapChange } from '../../../api/bootstrap';
import { useBrowserValue } from '../../../ui/take-over';
import { streamUrl } from '../state/stream-url';

/**
 * Offline listening (the `music.offline` permission): a track saved offline is kept in Cache
 * Storage, and a service worker answers its stream from there, so it plays without a
 * connection. Which tracks are saved is remembered in localStorage for the screens.
 */
export const OFFLINE_CACHE = 'cadenza-offline-audio-v1';
const SAVED_KEY = 'cadenza.offline';
const WORKER = '/offline-audio-sw.js';

function readSaved(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SAVED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

let saved = new Set(readSaved());
const listeners = new Set<() => void>();

function store(next: Set<number>) {
  saved = next;
  localStorage.setItem(SAVED_KEY, JSON.stringify([...next]));
  listeners.forEach((listener) => listener());
}

export function offlineSupported(): boolean {
  return 'serviceWorker' in navigator && 'caches' in window;
}

/**
 * Whether this browser can keep songs offline. A page the server drew offers it, as nearly every
 * browser can; one that cannot drops the offer once the app has taken the page over.
 */
export function useOfflineSupported(): boolean {
  return useBrowserValue(offlineSupported, true);
}

/**
 * Starts the worker that plays saved tracks; nothing happens where browsers lack one. Saved
 * tracks belong to the listener who saved them: signing out removes them from the device.
 */
export function registerOfflineAudio(): void {
  if (!workerAllowed()) return;
  onBootstrapChange(() => {
    if (getBootstrapData().user === null && saved.size > 0) void removeOffline([...saved]);
  });
  if (saved.size > 0) void startWorker();
  else void stopWorker();
}

function workerAllowed(): boolean {
  return offlineSupported() && window.isSecureContext;
}

/*
 * The worker runs only while something is saved in this browser: every stream request of a page
 * it controls goes through it (its start, a Cache Storage lookup, then the network), which held
 * a first Play in a fresh browser back by 15 to 170 ms before a byte was asked of the server.
 */
function startWorker(): Promise<unknown> {
  return navigator.serviceWorker.register(WORKER).catch((error: unknown) => {
    console.warn('offline listening is not available', error);
  });
}

async function stopWorker(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
  const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
  if (worker && new URL(worker.scriptURL).pathname === WORKER) await registration!.unregister();
}

/** Saves tracks for offline listening, one after another; `onProgress` counts them. */
export async function saveOffline(
  trackIds: number[],
  onProgress: (done: number) => void = () => {},
): Promise<void> {
  if (workerAllowed()) await startWorker();
  const cache = await caches.open(OFFLINE_CACHE);
  let done = 0;
  for (const id of trackIds) {
    if (!(await cache.match(streamUrl(id)))) {
      const response = await fetch(streamUrl(id), { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`track ${id} could not be saved (${response.status})`);
      await cache.put(streamUrl(id), response);
    }
    store(new Set([...saved, id]));
    onProgress(++done);
  }
}

export async function removeOffline(trackIds: number[]): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  await Promise.all(trackIds.map((id) => cache.delete(streamUrl(id))));
  store(new Set([...saved].filter((id) => !trackIds.includes(id))));
  if (saved.size === 0 && workerAllowed()) await stopWorker();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE_SAVED = new Set<number>();
/** What is saved; nothing saved is always the same set, the one a drawn page shows. */
const currentlySaved = () => (saved.size === 0 ? NONE_SAVED : saved);

/** Whether every one of these tracks is saved offline (false for none). */
export function useSavedOffline(trackIds: number[]): boolean {
  // A page the server drew shows nothing saved: what this browser saved follows the take-over.
  const snapshot = useBrowserValue(currentlySaved, NONE_SAVED, subscribe);
  return trackIds.length > 0 && trackIds.every((id) => snapshot.has(id));
}
