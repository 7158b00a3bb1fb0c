import { describe, expect, it } from 'vitest';
import { applyTranslations, i18n } from './i18n';

describe('i18n', () => {
  it('returns the key itself when a line is missing', () => {
    expect(i18n.t('Take me there!')).toBe('Take me there!');
    expect(i18n.t('Sentences. With: separators')).toBe('Sentences. With: separators');
  });

  it('uses the lines and language of bootstrap data', () => {
    applyTranslations({
      language: 'pt',
      name: 'Português',
      lines: { Pricing: 'Preços', 'Account settings': '' },
    });
    expect(i18n.language).toBe('pt');
    expect(i18n.t('Pricing')).toBe('Preços');
    expect(i18n.t('Account settings')).toBe('Account settings');
    expect(document.documentElement.lang).toBe('pt');
  });
});
