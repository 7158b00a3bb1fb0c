import type { Theme } from '@cadenza/contracts/themes';
import { createContext, useContext } from 'react';

/** What every panel of the appearance editor reads and changes. */
export interface AppearanceDraft {
  /** A setting as the editor shows it: the unsaved value, else the saved one. */
  value: <T>(key: string) => T;
  setValue: (key: string, value: unknown) => void;
  /** Every theme, with unsaved edits. */
  themes: Theme[];
  setTheme: (theme: Theme) => void;
  /** Shows a theme in the preview whatever the visitor would see (null: the usual one). */
  showTheme: (id: number | null) => void;
  /** Takes the preview to a path of the site. */
  navigate: (path: string) => void;
  /** Runs the unsaved script once in the preview. */
  runScript: () => Promise<void>;
}

export const AppearanceContext = createContext<AppearanceDraft | null>(null);

export function useAppearance(): AppearanceDraft {
  const draft = useContext(AppearanceContext);
  if (!draft) throw new Error('useAppearance is used outside the appearance editor.');
  return draft;
}

/** A short random id for new menus and menu items. */
export const newId = () => Math.random().toString(36).slice(2, 10);
