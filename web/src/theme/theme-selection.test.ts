import { describe, expect, it } from 'vitest';
import { makeTheme } from './testing/theme-factory';
import { applyTheme, parseThemeChoice, resolveTheme } from './theme-selection';

const light = makeTheme(1, { default_light: true });
const dark = makeTheme(2, { is_dark: true, default_dark: true });
const ocean = makeTheme(3, { is_dark: true });
const themes = [light, dark, ocean];
const open = { userChange: true, defaultId: null };

describe('resolveTheme', () => {
  it("maps 'light' and 'dark' to the default light and dark themes, an id to that theme", () => {
    expect(resolveTheme(themes, open, 'light')).toBe(light);
    expect(resolveTheme(themes, open, 'dark')).toBe(dark);
    expect(resolveTheme(themes, open, 3)).toBe(ocean);
  });

  it("falls back to the admin's default, then to the first theme", () => {
    expect(resolveTheme(themes, { userChange: true, defaultId: 3 }, null)).toBe(ocean);
    expect(resolveTheme(themes, { userChange: true, defaultId: 3 }, 99)).toBe(ocean);
    expect(resolveTheme(themes, open, null)).toBe(light);
    expect(resolveTheme(themes, open, 99)).toBe(light);
    expect(resolveTheme([ocean], open, 'light')).toBe(ocean);
    expect(resolveTheme([], open, 'dark')).toBeNull();
  });

  it("ignores the visitor's choice when they may not change theme", () => {
    expect(resolveTheme(themes, { userChange: false, defaultId: 3 }, 'light')).toBe(ocean);
    // Without an admin default, the default dark theme.
    expect(resolveTheme(themes, { userChange: false, defaultId: null }, 'light')).toBe(dark);
    expect(resolveTheme([light, ocean], { userChange: false, defaultId: null }, null)).toBe(light);
  });
});

describe('parseThemeChoice', () => {
  it('reads light, dark and ids, and nothing else', () => {
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('12')).toBe(12);
    for (const junk of [null, undefined, '', 'Dark', '1.5', '-1', '{}']) {
      expect(parseThemeChoice(junk)).toBeNull();
    }
  });
});

describe('applyTheme', () => {
  it('replaces the previous theme entirely', () => {
    const root = document.createElement('html');
    applyTheme(makeTheme(4, { is_dark: true, values: { '--bg': '#000', '--glow': 'cyan' } }), root);
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    applyTheme(makeTheme(5, { values: { '--bg': '#fff' } }), root);
    expect(root.style.getPropertyValue('--bg')).toBe('#fff');
    expect(root.style.getPropertyValue('--glow')).toBe('');
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.style.colorScheme).toBe('light');
  });
});
