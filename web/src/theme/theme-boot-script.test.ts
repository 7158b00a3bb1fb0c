import fs from 'node:fs';
import path from 'node:path';
import type { Theme } from '@cadenza/contracts/themes';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTheme } from './testing/theme-factory';
import { parseThemeChoice, resolveTheme } from './theme-selection';

// The script index.html runs before the first paint, right after the bootstrap-data marker.
const html = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const bootScript = /<!-- cadenza:head -->\s*<script>([\s\S]*?)<\/script>/.exec(html)?.[1];

// Each theme's values name it, so a test can tell which one the script applied.
function theme(id: number, flags: Partial<Theme> = {}): Theme {
  return makeTheme(id, { values: { '--bg': `#00000${id}`, '--theme-id': String(id) }, ...flags });
}

const root = document.documentElement;
function resetPage() {
  root.removeAttribute('style');
  root.className = '';
  localStorage.clear();
  delete window.bootstrapData;
}
afterEach(resetPage);

/** Runs the inline script on a page with these themes, settings and stored choice. */
function runBootScript(themes: Theme[], settings: Record<string, unknown>, stored: string | null) {
  resetPage();
  if (stored !== null) localStorage.setItem('be-active-theme', stored);
  window.bootstrapData = {
    themes,
    settings: { themes: settings, base_url: '' },
  } as unknown as typeof window.bootstrapData;
  new Function(bootScript!)();
  return {
    id: root.style.getPropertyValue('--theme-id') || null,
    dark: root.classList.contains('dark'),
    scheme: root.style.colorScheme || null,
  };
}

const seeded = [
  theme(1, { name: 'Dark', is_dark: true, default_dark: true }),
  theme(2, { name: 'Light', default_light: true }),
  theme(3, { name: 'Sepia' }),
];
const noDefaults = [theme(7), theme(8, { is_dark: true })];

describe('the theme script of index.html', () => {
  it('sits right after the bootstrap-data marker, before the app', () => {
    expect(bootScript).toBeTruthy();
    expect(html.indexOf('<!-- cadenza:head -->')).toBeLessThan(html.indexOf(bootScript!));
    expect(html.indexOf(bootScript!)).toBeLessThan(html.indexOf('src="/src/main.tsx"'));
  });

  it('reads the bootstrap data block into window.bootstrapData, with or without themes', () => {
    for (const themes of [seeded, []]) {
      resetPage();
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = 'bootstrap-data';
      block.textContent = JSON.stringify({ themes, settings: { themes: {}, base_url: '' } });
      document.head.append(block);
      new Function(bootScript!)();
      block.remove();
      expect(window.bootstrapData?.themes).toEqual(themes);
    }
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('applies the theme variables, the dark class and the colour scheme', () => {
    expect(runBootScript(seeded, { user_change: true }, 'light')).toEqual({
      id: '2',
      dark: false,
      scheme: 'light',
    });
    expect(root.style.getPropertyValue('--bg')).toBe('#000002');
    expect(runBootScript(seeded, { user_change: true }, 'dark')).toEqual({
      id: '1',
      dark: true,
      scheme: 'dark',
    });
  });

  it('chooses the same theme as the app in every case', () => {
    const cases: [Theme[], boolean | undefined, number | null | undefined, string | null][] = [];
    for (const themes of [seeded, noDefaults])
      for (const userChange of [true, false, undefined])
        for (const defaultId of [null, undefined, 2, 3, 8, 99])
          for (const stored of [null, 'light', 'dark', '1', '2', '3', '8', '99', 'purple', ''])
            cases.push([themes, userChange, defaultId, stored]);

    for (const [themes, userChange, defaultId, stored] of cases) {
      const settings = { user_change: userChange, default_id: defaultId };
      const expected = resolveTheme(
        themes,
        { userChange: userChange !== false, defaultId: defaultId ?? null },
        parseThemeChoice(stored),
      );
      const applied = runBootScript(themes, settings, stored);
      expect(
        applied,
        JSON.stringify({ settings, stored, themes: themes.map((t) => t.id) }),
      ).toEqual({
        id: String(expected!.id),
        dark: expected!.is_dark,
        scheme: expected!.is_dark ? 'dark' : 'light',
      });
    }
  });

  it('leaves the page alone without bootstrap data or themes (the dev server)', () => {
    resetPage();
    new Function(bootScript!)();
    expect(root.getAttribute('style')).toBeNull();
    expect(runBootScript([], { user_change: true }, 'dark')).toEqual({
      id: null,
      dark: false,
      scheme: null,
    });
  });

  it('still paints a theme when storage is blocked', () => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    try {
      expect(runBootScript(seeded, { user_change: true, default_id: 2 }, null).id).toBe('2');
    } finally {
      Storage.prototype.getItem = getItem;
    }
  });
});
