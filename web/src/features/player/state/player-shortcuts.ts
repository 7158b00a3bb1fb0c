import { useEffect } from 'react';
import type { PlayerStore } from './player-store';

export const SEEK_STEP_MS = 5000;
export const VOLUME_STEP = 0.1;

export interface ShortcutHandlers {
  focusSearch: () => void;
  openHelp: () => void;
}

/** The shortcuts as the help dialog lists them; `keys` are shown as keyboard keys. */
export const PLAYER_SHORTCUTS = [
  { keys: ['Space'], description: 'Play or pause' },
  { keys: ['Shift', '→'], description: 'Next track' },
  { keys: ['Shift', '←'], description: 'Previous track' },
  { keys: ['→'], description: 'Forward 5 seconds' },
  { keys: ['←'], description: 'Back 5 seconds' },
  { keys: ['M'], description: 'Mute or unmute' },
  { keys: ['Ctrl', 'K'], description: 'Search' },
  { keys: ['?'], description: 'Show keyboard shortcuts' },
] as const;

/** Fields, editable content and controls that use these keys themselves. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="slider"], [role="textbox"]')) return true;
  return false;
}

/** Space and Enter activate focused buttons and links; the player must not also toggle. */
function isActivatable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a, [role="button"]') !== null;
}

/**
 * Handles one keydown for the player; returns whether it was a player shortcut (the caller's
 * listener then prevents the browser's default, such as Space scrolling the page).
 */
export function handlePlayerShortcut(
  event: KeyboardEvent,
  store: PlayerStore,
  handlers: ShortcutHandlers,
): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  const { actions } = store;
  const key = event.key;

  if ((event.ctrlKey || event.metaKey) && !event.altKey && key.toLowerCase() === 'k') {
    handlers.focusSearch();
    return true;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTypingTarget(event.target)) return false;

  if (key === ' ' || key === 'Spacebar') {
    if (isActivatable(event.target)) return false;
    actions.toggle();
    return true;
  }
  if (key === 'ArrowRight' || key === 'ArrowLeft') {
    const forward = key === 'ArrowRight';
    if (event.shiftKey) {
      if (forward) actions.next();
      else actions.previous();
    } else {
      const { positionMs } = store.getState();
      actions.seek(positionMs + (forward ? SEEK_STEP_MS : -SEEK_STEP_MS));
    }
    return true;
  }
  if (key === 'm' || key === 'M') {
    actions.toggleMute();
    return true;
  }
  if (key === '?') {
    handlers.openHelp();
    return true;
  }
  return false;
}

/** Installs the player's keyboard shortcuts on the document while the player is shown. */
export function usePlayerShortcuts(store: PlayerStore, handlers: ShortcutHandlers) {
  const { focusSearch, openHelp } = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (handlePlayerShortcut(event, store, { focusSearch, openHelp })) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [store, focusSearch, openHelp]);
}
