import type { I18nBootstrap } from '@cadenza/contracts/bootstrap';

// The lines the server ships (one flat JSON file a feature and language), as bootstrap data
// carries them; e-mail lines stay on the server.
const files = import.meta.glob<Record<string, string>>('../../../../server/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** A shipped language with its lines, for rendering a screen as a visitor of it sees it. */
export function shippedLanguage(language: 'pt-BR' | 'en'): I18nBootstrap {
  const lines: Record<string, string> = {};
  for (const [file, own] of Object.entries(files)) {
    if (file.includes(`/locales/${language}/`) && !file.endsWith('-mail.json'))
      Object.assign(lines, own);
  }
  const name = language === 'pt-BR' ? 'Português (Brasil)' : 'English';
  return { language, name, lines };
}
