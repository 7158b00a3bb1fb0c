import type { I18nBootstrap } from '@cadenza/contracts/bootstrap';
import i18next from 'i18next';

/**
 * The app's one i18next instance. Keys are the English strings themselves, so a line the
 * active language lacks simply reads in English; the lines arrive with bootstrap data.
 * Components read it through `useTranslation` (use-translation.ts).
 */
export const i18n = i18next.createInstance();

void i18n.init({
  lng: 'en',
  fallbackLng: false,
  ns: ['translation'],
  defaultNS: 'translation',
  resources: {},
  // Keys are sentences: dots and colons in them are text, not paths.
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  returnEmptyString: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // Resources are inline, so the instance is ready before the first render.
  initAsync: false,
});

/** The lines last added for each language, as bootstrap data gave them. */
const added = new Map<string, I18nBootstrap['lines']>();

/**
 * Makes the bootstrap language and its lines the active translations. The same lines again (the
 * page's providers apply what the app applied as it started) add nothing: every translated
 * component would otherwise be drawn again for them.
 */
export function applyTranslations({ language, lines }: I18nBootstrap): void {
  if (added.get(language) !== lines) {
    i18n.addResourceBundle(language, 'translation', lines, true, true);
    added.set(language, lines);
  }
  if (i18n.language !== language) void i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
