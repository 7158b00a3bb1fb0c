import { z } from 'zod';

export const themeSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_dark: z.boolean(),
  default_light: z.boolean(),
  default_dark: z.boolean(),
  /** CSS variables: `--bg` → value. Themes change values, never components. */
  values: z.record(z.string(), z.string()),
});
export type Theme = z.infer<typeof themeSchema>;

/** localStorage key holding 'light', 'dark' or a theme id. */
export const ACTIVE_THEME_KEY = 'be-active-theme';
