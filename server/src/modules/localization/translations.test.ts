import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING_CONTENT } from '@cadenza/contracts/landing-defaults';
import { DEFAULT_MENUS } from '../../seed.js';
import { DEFAULT_PLANS } from '../billing/plans.seed.js';
import { createLocalizationService } from './localization.service.js';
import { collectTranslationKeys, translationKeysIn } from './translation-keys.js';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const webSources = path.join(import.meta.dirname, '../../../../web/src');

const localization = createLocalizationService({
  settings: { get: () => Promise.reject(new Error('not needed')) },
  users: { update: () => Promise.reject(new Error('not needed')) },
});

describe('translations', () => {
  it('finds the literal keys passed to t()', () => {
    const source = `
      const a = t('Pricing');
      const b = i18n.t("Don't stop", { count });
      const c = t('It\\'s {{name}}', { name });
      const d = format(value); const e = alt('Not a key');
      const f = t(
        'Spread over lines',
      );`;
    expect(translationKeysIn(source)).toEqual([
      'Pricing',
      "Don't stop",
      "It's {{name}}",
      'Spread over lines',
    ]);
  });

  it('has a Brazilian Portuguese line for every text the web app shows', () => {
    const keys = collectTranslationKeys(webSources);
    expect(keys.size).toBeGreaterThan(20);
    const lines = localization.lines('pt-BR');
    // A plural key (`t('{{count}} items', {count})`) may be translated as `<key>_one`, `<key>_other`.
    const translated = (key: string) =>
      Boolean(lines[key]?.trim() || lines[`${key}_other`]?.trim());
    const missing = [...keys]
      .filter(([key]) => !translated(key))
      .map(([key, files]) => `${JSON.stringify(key)} (${files.join(', ')})`);
    // Add each one to server/locales/pt-BR/<your feature>.json.
    expect(missing, `missing pt-BR lines:\n${missing.join('\n')}`).toEqual([]);
  });

  it('translates the seeded texts the web app shows through t() (landing page, menus, plans)', () => {
    const content = DEFAULT_LANDING_CONTENT;
    const seeded = [
      content.headerTitle,
      content.headerSubtitle,
      content.pricingTitle,
      content.pricingSubtitle,
      content.footerTitle,
      content.footerSubtitle,
      ...Object.values(content.actions).flatMap((action) => (action ? [action.label] : [])),
      ...[...content.primaryFeatures, ...content.secondaryFeatures].flatMap((feature) => [
        feature.title,
        feature.subtitle,
        feature.description,
      ]),
      ...DEFAULT_MENUS.flatMap((menu) => menu.items.map((item) => item.label)),
      ...DEFAULT_PLANS.flatMap((plan) => [plan.name, plan.description ?? '', ...plan.feature_list]),
    ];
    const lines = localization.lines('pt-BR');
    expect(seeded.filter((text) => !lines[text]?.trim())).toEqual([]);
  });

  it('keeps interpolations intact in every pt-BR line', () => {
    const lines = localization.lines('pt-BR');
    const broken = Object.entries(lines).filter(([key, line]) => {
      // A plural form may spell the count out ('um quadro'), so only the other names must match.
      const plural = PLURAL_SUFFIX.test(key);
      const names = (text: string) =>
        [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
          .map((m) => m[1])
          .filter((name) => !(plural && name === 'count'))
          .sort();
      return names(key.replace(PLURAL_SUFFIX, '')).join() !== names(line).join();
    });
    expect(broken).toEqual([]);
  });
});
