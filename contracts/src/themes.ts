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

export { ACTIVE_THEME_KEY } from './theme-choice.js';

/** A theme variable's name: a CSS custom property. */
const variableName = z
  .string()
  .regex(/^--[a-z][a-z0-9-]{0,39}$/, 'A variable name starts with -- and uses a–z, 0–9 and -.');

/**
 * A theme variable's value: a colour, a length or a font stack. Themes set values with
 * `style.setProperty`, which cannot break out of the declaration, but anything that loads a
 * resource (`url(…)`, `@import`) or ends a block is refused all the same.
 */
const variableValue = z
  .string()
  .trim()
  .min(1, 'Enter a value.')
  .max(300)
  .refine((value) => !/[;{}<>\\]|url\s*\(|@import|expression\s*\(/i.test(value), {
    message: 'Enter a colour, a size or a font name.',
  });

/** What the admin area sends to create or change a theme. */
export const themeInputSchema = z.object({
  name: z.string().trim().min(1, 'Give the theme a name.').max(100),
  is_dark: z.boolean(),
  default_light: z.boolean(),
  default_dark: z.boolean(),
  values: z
    .record(variableName, variableValue)
    .refine((values) => Object.keys(values).length <= 80, 'A theme has at most 80 values.'),
});
export type ThemeInput = z.infer<typeof themeInputSchema>;

/** The values of a theme the editor shows as colour pickers, with their labels. */
export const THEME_COLOURS = {
  '--bg': 'Background',
  '--bg-elevated': 'Raised background',
  '--bg-hover': 'Hover background',
  '--fg': 'Text',
  '--fg-muted': 'Muted text',
  '--border': 'Borders',
  '--primary': 'Accent',
  '--primary-fg': 'Text on accent',
  '--danger': 'Danger',
  '--positive': 'Positive',
  '--warning': 'Warning',
} as const;

/**
 * The fonts a theme may use (value `--font-family`): Inter ships with the app; the others are
 * stacks of fonts the visitor's system already has, so no font is fetched from elsewhere.
 */
export const THEME_FONTS = {
  Inter: "'Inter Variable', ui-sans-serif, system-ui, sans-serif",
  System: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  Humanist: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", sans-serif',
  Geometric: 'Avenir, Montserrat, Corbel, "URW Gothic", sans-serif',
  Serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif',
  Monospace: 'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, monospace',
} as const;
