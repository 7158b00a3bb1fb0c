import type { Theme } from '@cadenza/contracts/themes';

/** A site's default dark and light themes, as the bootstrap data lists them. */
export const DARK_THEME: Theme = {
  id: 1,
  name: 'Dark',
  is_dark: true,
  default_light: false,
  default_dark: true,
  values: { '--bg': '#0f0f12', '--fg': '#f4f4f6' },
};

export const LIGHT_THEME: Theme = {
  id: 2,
  name: 'Light',
  is_dark: false,
  default_light: true,
  default_dark: false,
  values: { '--bg': '#ffffff', '--fg': '#121216' },
};
