import fs from 'node:fs';
import path from 'node:path';
import { compile } from 'tailwindcss';
import { afterEach, expect, it } from 'vitest';
import { makeTheme } from './testing/theme-factory';
import { applyTheme } from './theme-selection';

const styles = fs.readFileSync(path.join(import.meta.dirname, '../ui/styles.css'), 'utf8');

/** The rule Tailwind writes for `dark:underline` with the stylesheet's own dark variant. */
async function darkUnderlineRule() {
  const variant = /@custom-variant dark\b[^;]*;/.exec(styles)?.[0] ?? '';
  const compiler = await compile(`${variant}\n@tailwind utilities;`);
  return compiler.build(['dark:underline']);
}

afterEach(() => {
  document.documentElement.removeAttribute('style');
  document.documentElement.className = '';
  document.body.replaceChildren();
});

it("makes `dark:` follow the app's theme rather than the system's colour scheme", async () => {
  const rule = await darkUnderlineRule();
  expect(rule).not.toContain('prefers-color-scheme');
  const selector = /^(\.dark\\:underline[^{]*)\{/m.exec(rule)?.[1]?.trim() ?? '';
  expect(selector).not.toBe('');

  const text = document.createElement('p');
  text.className = 'dark:underline';
  document.body.append(text);
  applyTheme(makeTheme(1, { is_dark: true }));
  expect(text.matches(selector)).toBe(true);
  applyTheme(makeTheme(2));
  expect(text.matches(selector)).toBe(false);
});
