import type { Generated, Selectable } from 'kysely';

export interface ThemesTable {
  id: Generated<number>;
  name: string;
  is_dark: number;
  default_light: number;
  default_dark: number;
  /** JSON map of CSS variable → value. */
  values: string;
  created_at: string;
  updated_at: string;
}

export type ThemeRow = Selectable<ThemesTable>;
