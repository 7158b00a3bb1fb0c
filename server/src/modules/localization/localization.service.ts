import fs from 'node:fs';
import path from 'node:path';

export interface Localization {
  language: string;
  name: string;
}

export const LOCALIZATIONS: Localization[] = [
  { language: 'en', name: 'English' },
  { language: 'pt-BR', name: 'Português (Brasil)' },
];

export type LocalizationService = ReturnType<typeof createLocalizationService>;

/**
 * Translation lines keyed by their English text: a folder a language under server/locales with
 * a JSON file a feature (`pt-BR/accounts.json`), merged. English needs no lines: the key is the
 * text. Read once at start; every page carries the lines of its language in bootstrap data.
 */
export function createLocalizationService(
  dir = path.join(import.meta.dirname, '../../../locales'),
) {
  const lines = new Map<string, Record<string, string>>();
  for (const { language } of LOCALIZATIONS) {
    const file = path.join(dir, `${language}.json`);
    lines.set(
      language,
      fs.existsSync(file)
        ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
        : {},
    );
  }

  return {
    all: () => LOCALIZATIONS,
    /** The supported language closest to the one asked for, else the default. */
    resolve(language: string | null | undefined, fallback: string): Localization {
      const exact = LOCALIZATIONS.find((l) => l.language.toLowerCase() === language?.toLowerCase());
      const base = LOCALIZATIONS.find((l) => l.language.split('-')[0] === language?.split('-')[0]);
      return (
        exact ?? base ?? LOCALIZATIONS.find((l) => l.language === fallback) ?? LOCALIZATIONS[0]!
      );
    },
    lines: (language: string) => lines.get(language) ?? {},
  };
}
