import { useSyncExternalStore } from 'react';

/** A boolean the music feature sets and the shell reads, with a hook that follows it. */
function createFlag() {
  let value = false;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const get = () => value;
  const set = (next: boolean) => {
    if (value === next) return;
    value = next;
    listeners.forEach((listener) => listener());
  };
  const use = () => useSyncExternalStore(subscribe, get, () => false);
  return { get, set, use };
}

// Whether the web player fills the screen: no floating back button over the maximized player.
const maximized = createFlag();
export const setPlayerMaximized = maximized.set;
export const getPlayerMaximized = maximized.get;
export const usePlayerMaximized = maximized.use;

// Whether the player's layout is on screen: its header has a back button of its own, so the
// floating one does not cover the rows and text of its screens.
const layoutShown = createFlag();
export const setPlayerLayoutShown = layoutShown.set;
export const usePlayerLayoutShown = layoutShown.use;
