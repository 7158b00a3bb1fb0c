import { useSyncExternalStore } from 'react';

// Whether the web player fills the screen. The music feature sets it; the shell reads it to
// keep the floating back button off the maximized player.
let playerMaximized = false;
const listeners = new Set<() => void>();

export function setPlayerMaximized(maximized: boolean): void {
  if (playerMaximized === maximized) return;
  playerMaximized = maximized;
  listeners.forEach((listener) => listener());
}

export function getPlayerMaximized(): boolean {
  return playerMaximized;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePlayerMaximized(): boolean {
  return useSyncExternalStore(subscribe, getPlayerMaximized, () => false);
}
