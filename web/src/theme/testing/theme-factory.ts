import type { Theme } from '@cadenza/contracts/themes';

/** A light theme without values, named after its id; fields given override these. */
export function makeTheme(id: number, overrides: Partial<Theme> = {}): Theme {
  return {
    id,
    name: `Theme ${id}`,
    is_dark: false,
    default_light: false,
    default_dark: false,
    values: {},
    ...overrides,
  };
}
