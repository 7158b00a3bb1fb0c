import fs from 'node:fs';
import path from 'node:path';
import type { I18nBootstrap } from '@cadenza/contracts/bootstrap';
import type { Localization } from '@cadenza/contracts/localization';
import { AppError } from '../../core/errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';

export type { Localization };

export const LOCALIZATIONS: Localization[] = [
  { language: 'en', name: 'English' },
  { language: 'pt-BR', name: 'Português (Brasil)' },
];

/** Cookie keeping a guest's chosen language; the account keeps a signed-in user's. */
export const LOCALE_COOKIE = 'locale';

export type LocalizationService = ReturnType<typeof createLocalizationService>;

export interface LanguageHints {
  /** The signed-in user's saved language. */
  userLanguage?: string | null | undefined;
  /** A guest's choice, from the locale cookie. */
  cookieLanguage?: string | null | undefined;
  /** The browser's Accept-Language header. */
  acceptLanguage?: string | null | undefined;
}

/** `pt-BR,pt;q=0.9,en;q=0.8` → `['pt-BR', 'pt', 'en']`, by preference. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * Reads every `<dir>/<language>/*.json` (one flat file a feature) into one map of lines. The
 * lines of e-mails (`*-mail.json`) stay on the server: pages never show them.
 */
function readLines(dir: string, language: string): Record<string, string> {
  const folder = path.join(dir, language);
  if (!fs.existsSync(folder)) return {};
  const lines: Record<string, string> = {};
  for (const file of fs.readdirSync(folder).sort()) {
    if (!file.endsWith('.json') || file.endsWith('-mail.json')) continue;
    Object.assign(
      lines,
      JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>,
    );
  }
  return lines;
}

export interface LocalizationDeps {
  settings: Pick<SettingsService, 'get'>;
  users: Pick<UsersService, 'update'>;
  dir?: string;
}

/**
 * Languages and their translation lines, keyed by the English text: a folder a language under
 * server/locales with a JSON file a feature (`pt-BR/accounts.json`), merged. English needs no
 * lines: the key is the text. Read once at start; every page carries the lines of its language
 * in bootstrap data.
 */
export function createLocalizationService({
  settings,
  users,
  dir = path.join(import.meta.dirname, '../../../locales'),
}: LocalizationDeps) {
  const lines = new Map(LOCALIZATIONS.map(({ language }) => [language, readLines(dir, language)]));
  const exact = (language: string | null | undefined) =>
    LOCALIZATIONS.find((l) => l.language.toLowerCase() === language?.toLowerCase());
  const sameBase = (language: string | null | undefined) =>
    LOCALIZATIONS.find(
      (l) => l.language.split('-')[0]!.toLowerCase() === language?.split('-')[0]?.toLowerCase(),
    );

  const service = {
    all: () => LOCALIZATIONS,

    /** The supported language closest to the one asked for, else the default. */
    resolve(language: string | null | undefined, fallback: string): Localization {
      return exact(language) ?? sameBase(language) ?? exact(fallback) ?? LOCALIZATIONS[0]!;
    },

    lines: (language: string) => lines.get(language) ?? {},

    /**
     * The language of a request: the user's saved one, else a guest's chosen one, else the
     * browser's preference, else the site default. Only the default when languages are off.
     */
    async negotiate(hints: LanguageHints): Promise<Localization> {
      const [enabled, fallback] = await Promise.all([
        settings.get('i18n.enable'),
        settings.get('i18n.default_locale'),
      ]);
      if (!enabled) return service.resolve(fallback, fallback);
      const candidates = [
        hints.userLanguage,
        hints.cookieLanguage,
        ...parseAcceptLanguage(hints.acceptLanguage),
      ];
      for (const tag of candidates) {
        const match = exact(tag) ?? sameBase(tag);
        if (match) return match;
      }
      return service.resolve(fallback, fallback);
    },

    /** A localization with its lines, as bootstrap data carries it. */
    bundle(localization: Localization): I18nBootstrap {
      return { ...localization, lines: service.lines(localization.language) };
    },

    /**
     * Makes `locale` the language of a user (saved on the account) or of a guest (the caller
     * keeps it in a cookie). Only supported languages are accepted.
     */
    async change(userId: number | null, locale: string): Promise<I18nBootstrap> {
      const localization = exact(locale);
      if (!localization)
        throw AppError.validation({ locale: 'The selected locale is not supported.' });
      if (userId !== null) await users.update(userId, { language: localization.language });
      return service.bundle(localization);
    },
  };
  return service;
}
