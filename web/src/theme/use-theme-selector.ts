import { ACTIVE_THEME_KEY } from '@cadenza/contracts/theme-choice';
import type { Theme } from '@cadenza/contracts/themes';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useBootstrap, useSetting } from '../api/bootstrap';
import {
  applyTheme,
  readStoredChoice,
  resolveTheme,
  storeChoice,
  type ThemeChoice,
  type ThemeRules,
} from './theme-selection';

// The stored choice is shared by every component (and every tab): one tiny external store.
const listeners = new Set<() => void>();
let choice: ThemeChoice | null = readStoredChoice();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== ACTIVE_THEME_KEY && event.key !== null) return;
    choice = readStoredChoice();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const getChoice = () => choice;
const noChoice = () => null;

// The appearance editor's preview shows the theme being edited, whatever the visitor chose,
// without storing anything (the frame shares its storage with the admin's own tabs).
let previewThemeId: number | null = null;
const getPreviewThemeId = () => previewThemeId;

/** Shows one theme in the appearance editor's preview (null: back to the visitor's choice). */
export function showThemeInPreview(id: number | null): void {
  previewThemeId = id;
  listeners.forEach((listener) => listener());
}

function setChoice(next: ThemeChoice): void {
  choice = next;
  storeChoice(next);
  listeners.forEach((listener) => listener());
}

/** Forgets the in-memory choice and reads storage again (tests start from a clean slate). */
export function resetThemeChoice(): void {
  choice = readStoredChoice();
  listeners.forEach((listener) => listener());
}

export interface ThemeSelector {
  /** The theme on screen; null only when the site has no themes at all. */
  activeTheme: Theme | null;
  themes: Theme[];
  /** Whether visitors may change the theme (setting `themes.user_change`). */
  canChange: boolean;
  select: (choice: ThemeChoice) => void;
  /** Flips between the default light and dark themes. */
  toggle: () => void;
}

export function useThemeSelector(): ThemeSelector {
  const { themes } = useBootstrap();
  const canChange = useSetting('themes.user_change') !== false;
  const defaultId = useSetting('themes.default_id') ?? null;
  // A page drawn on the server knows no stored choice: hydrating, the browser starts alike.
  const stored = useSyncExternalStore(subscribe, getChoice, noChoice);
  const previewed = useSyncExternalStore(subscribe, getPreviewThemeId, noChoice);
  const rules: ThemeRules = useMemo(
    () => ({ userChange: canChange, defaultId }),
    [canChange, defaultId],
  );
  const activeTheme = useMemo(
    () => themes.find((theme) => theme.id === previewed) ?? resolveTheme(themes, rules, stored),
    [themes, rules, stored, previewed],
  );

  const select = useCallback(
    (next: ThemeChoice) => {
      if (canChange) setChoice(next);
    },
    [canChange],
  );
  const toggle = useCallback(() => {
    select(activeTheme?.is_dark ? 'light' : 'dark');
  }, [activeTheme, select]);

  return { activeTheme, themes, canChange, select, toggle };
}

/**
 * Keeps <html> dressed in the active theme. Mount once near the root; the inline script in
 * index.html has already applied the same theme before the first paint.
 */
export function useApplyActiveTheme(): void {
  const { activeTheme } = useThemeSelector();
  useEffect(() => {
    if (activeTheme) applyTheme(activeTheme);
  }, [activeTheme]);
}
