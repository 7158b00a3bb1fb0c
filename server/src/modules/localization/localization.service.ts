import fs from 'node:fs';
import path from 'node:path';
import type { I18nBootstrap } from '@cadenza/contracts/bootstrap';
import type { Localization } from '@cadenza/contracts/localization';
import { AppError } from '../../core/errors.js';
import type { Kysely } from 'kysely';
import type { DataChanges } from '../../db/data-versions.js';
import type { Database } from '../../db/schema.js';
import { KeptUntilChanged } from '../../infra/kept-until-changed.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UsersService } from '../users/users.service.js';
import * as repo from './localization.repo.js';

export type { Localization };
// The cookie's name is core's too: the edge keeps a guest's page per language.

/** The languages shipped with the app; admins add others. */
export const LOCALIZATIONS: Localization[] = [
  { language: 'en', name: 'English' },
  { language: 'pt-BR', name: 'Português (Brasil)' },
];

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
  /** Where admin-added languages and lines are kept; without it, only the shipped ones. */
  db?: Kysely<Database>;
  /** News of their changes on any instance; with `db`. */
  changes?: DataChanges;
  dir?: string;
}

/**
 * Languages and their translation lines, keyed by the English text: a folder a language under
 * server/locales with a JSON file a feature (`pt-BR/accounts.json`), merged, and over them the
 * languages and lines admins write (kept in the database). English needs no lines: the key is
 * the text. Every page carries the lines of its language in bootstrap data, so a line saved in
 * the admin area reaches browsers on their next page, without a rebuild.
 */
export function createLocalizationService({
  settings,
  users,
  db,
  changes,
  dir = path.join(import.meta.dirname, '../../../locales'),
}: LocalizationDeps) {
  const shipped = new Map(
    LOCALIZATIONS.map(({ language }) => [language, readLines(dir, language)]),
  );
  let languages = LOCALIZATIONS;
  let lines = shipped;
  // The admins' languages and lines, kept until they change here or on another instance.
  const written =
    db && changes
      ? new KeptUntilChanged(
          () => Promise.all([repo.addedLanguages(db), repo.allLines(db)]),
          changes,
          'site',
        )
      : undefined;
  let mergedFrom: Awaited<ReturnType<NonNullable<typeof written>['get']>> | undefined;

  /** The shipped languages and lines, with the admins' over them. */
  async function load(): Promise<void> {
    if (!written) return;
    const read = await written.get();
    if (read === mergedFrom) return;
    const [added, own] = read;
    const merged = new Map([...shipped].map(([language, each]) => [language, { ...each }]));
    for (const { language } of added) merged.set(language, {});
    for (const line of own) {
      const language = merged.get(line.language);
      if (language) language[line.line_key] = line.value;
    }
    languages = [...LOCALIZATIONS, ...added.map(({ language, name }) => ({ language, name }))];
    lines = merged;
    mergedFrom = read;
  }

  const exact = (language: string | null | undefined) =>
    languages.find((l) => l.language.toLowerCase() === language?.toLowerCase());
  const sameBase = (language: string | null | undefined) =>
    languages.find(
      (l) => l.language.split('-')[0]!.toLowerCase() === language?.split('-')[0]?.toLowerCase(),
    );

  const service = {
    all: () => languages,

    /** The languages, fresh from the database. */
    async languages(): Promise<Localization[]> {
      await load();
      return languages;
    },

    /** After an admin saved languages or lines: every instance reads them again. */
    async reload(): Promise<void> {
      await changes?.changed('site');
      await load();
    },

    /** The lines shipped with the app for a language (the admin area shows what is missing). */
    shippedLines: (language: string) => shipped.get(language) ?? {},

    /** Every line the app has: the English texts, keyed by themselves. */
    englishKeys: () => [...new Set([...shipped.values()].flatMap((own) => Object.keys(own)))],

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
      await load();
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
      await load();
      const localization = exact(locale);
      if (!localization)
        throw AppError.validation({ locale: 'The selected locale is not supported.' });
      if (userId !== null) await users.update(userId, { language: localization.language });
      return service.bundle(localization);
    },
  };
  return service;
}
