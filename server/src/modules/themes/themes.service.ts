import type { Theme } from '@cadenza/contracts/themes';
import type { Kysely } from 'kysely';
import type { DataChanges } from '../../db/data-versions.js';
import type { Database } from '../../db/schema.js';
import { KeptUntilChanged } from '../../infra/kept-until-changed.js';
import * as repo from './themes.repo.js';
import type { ThemeRow } from './themes.table.js';

export type ThemesService = ReturnType<typeof createThemesService>;

export function themeRowToTheme(row: ThemeRow): Theme {
  return {
    id: row.id,
    name: row.name,
    is_dark: row.is_dark === 1,
    default_light: row.default_light === 1,
    default_dark: row.default_dark === 1,
    values: JSON.parse(row.values) as Record<string, string>,
  };
}

export const DARK_THEME_VALUES: Record<string, string> = {
  '--bg': '#0f0f12',
  '--bg-elevated': '#1a1a20',
  '--bg-hover': '#26262e',
  '--fg': '#f4f4f6',
  '--fg-muted': '#a4a4b0',
  '--border': '#2e2e38',
  '--primary': '#1ed760',
  '--primary-fg': '#07140b',
  '--danger': '#f2555a',
  '--positive': '#1ed760',
  '--warning': '#f5a524',
};

export const LIGHT_THEME_VALUES: Record<string, string> = {
  '--bg': '#ffffff',
  '--bg-elevated': '#f5f5f7',
  '--bg-hover': '#ebebef',
  '--fg': '#121216',
  '--fg-muted': '#5c5c68',
  '--border': '#dcdce2',
  '--primary': '#0b7a34',
  '--primary-fg': '#ffffff',
  '--danger': '#c6282e',
  '--positive': '#0b7a34',
  '--warning': '#a05a00',
};

export function createThemesService(db: Kysely<Database>, changes: DataChanges) {
  // Every page carries the themes: kept until one changes, here or on another instance.
  const kept = new KeptUntilChanged(
    async () => (await repo.allThemes(db)).map(themeRowToTheme),
    changes,
    'site',
  );
  return {
    all: (): Promise<Theme[]> => kept.get(),

    async seedDefaults(): Promise<void> {
      if ((await repo.countThemes(db)) > 0) return;
      await repo.insertTheme(db, {
        name: 'Dark',
        isDark: true,
        defaultLight: false,
        defaultDark: true,
        values: DARK_THEME_VALUES,
      });
      await repo.insertTheme(db, {
        name: 'Light',
        isDark: false,
        defaultLight: true,
        defaultDark: false,
        values: LIGHT_THEME_VALUES,
      });
      await changes.changed('site');
    },

    /** After an admin changed a theme: every instance reads the list again. */
    async invalidate(): Promise<void> {
      await changes.changed('site');
    },
  };
}
