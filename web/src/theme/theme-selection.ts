import { ACTIVE_THEME_KEY } from '@cadenza/contracts/theme-choice';
import type { Theme } from '@cadenza/contracts/themes';

/** What a visitor chose: the default light or dark theme, or one theme by its id. */
export type ThemeChoice = 'light' | 'dark' | number;

export interface ThemeRules {
  /** Setting `themes.user_change`: may visitors pick their own theme? */
  userChange: boolean;
  /** Setting `themes.default_id`: the admin's default theme, if any. */
  defaultId: number | null;
}

/** Reads a stored choice; anything unrecognised counts as no choice. */
export function parseThemeChoice(value: string | null | undefined): ThemeChoice | null {
  if (value === 'light' || value === 'dark') return value;
  if (value && /^\d+$/.test(value)) return Number(value);
  return null;
}

/**
 * The theme to show (product spec §4). When visitors may not change theme the admin's default
 * applies (`themes.default_id`, else the default dark theme); otherwise the stored choice
 * ('light' and 'dark' name the default light and dark themes), else the admin's default, else
 * the first theme.
 *
 * index.html repeats this decision in a few lines of plain script so the first paint already
 * has the right colours; theme-boot-script.test.ts proves the two agree.
 */
export function resolveTheme(
  themes: readonly Theme[],
  rules: ThemeRules,
  stored: ThemeChoice | null,
): Theme | null {
  const byId = (id: number | null) => (id === null ? undefined : themes.find((t) => t.id === id));
  const adminDefault = byId(rules.defaultId);
  if (!rules.userChange) {
    return adminDefault ?? themes.find((t) => t.default_dark) ?? themes[0] ?? null;
  }
  const chosen =
    stored === 'light'
      ? themes.find((t) => t.default_light)
      : stored === 'dark'
        ? themes.find((t) => t.default_dark)
        : byId(stored);
  return chosen ?? adminDefault ?? themes[0] ?? null;
}

/** Sets the theme's CSS variables on <html>, with the `dark` class and colour scheme. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  // A variable the previous theme set and this one lacks must not linger.
  const stale = Array.from(root.style).filter(
    (name) => name.startsWith('--') && !(name in theme.values),
  );
  stale.forEach((name) => root.style.removeProperty(name));
  for (const [name, value] of Object.entries(theme.values)) root.style.setProperty(name, value);
  root.classList.toggle('dark', theme.is_dark);
  root.style.colorScheme = theme.is_dark ? 'dark' : 'light';
}

export function readStoredChoice(): ThemeChoice | null {
  try {
    return parseThemeChoice(window.localStorage.getItem(ACTIVE_THEME_KEY));
  } catch {
    // Storage can be unavailable (private modes, blocked cookies): no stored choice then.
    return null;
  }
}

export function storeChoice(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(ACTIVE_THEME_KEY, String(choice));
  } catch {
    // The choice still applies for this page; it just is not remembered.
  }
}
