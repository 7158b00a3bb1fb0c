import fs from 'node:fs';
import path from 'node:path';

// `t('…')` or `t("…")`, also as `i18n.t(…)`; the key is the first argument's literal text.
const T_CALL = /(?<![\w$])t\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")/g;

function unescape(literal: string): string {
  return literal.replace(
    /\\(u\{[\da-fA-F]+\}|u[\da-fA-F]{4}|x[\da-fA-F]{2}|.)/g,
    (_, code: string) => {
      if (code.startsWith('u{')) return String.fromCodePoint(parseInt(code.slice(2, -1), 16));
      if (code.length > 1) return String.fromCharCode(parseInt(code.slice(1), 16));
      return ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[code] ?? code;
    },
  );
}

/** The translation keys (English texts) passed literally to `t()` in one source text. */
export function translationKeysIn(source: string): string[] {
  return [...source.matchAll(T_CALL)].map(([, single, double]) => unescape(single ?? double ?? ''));
}

/** Every literal key used by the app's sources under `dir`, with the files that use it. */
export function collectTranslationKeys(dir: string): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('__')) visit(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const key of translationKeysIn(fs.readFileSync(file, 'utf8'))) {
          keys.set(key, [...(keys.get(key) ?? []), path.relative(dir, file)]);
        }
      }
    }
  };
  visit(dir);
  return keys;
}
