import { paginated } from '@cadenza/contracts/http';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import * as repo from './localization.repo.js';
import { LOCALIZATIONS, type LocalizationService } from './localization.service.js';

export type LocalizationsAdminService = ReturnType<typeof createLocalizationsAdminService>;

const isShipped = (language: string) => LOCALIZATIONS.some((l) => l.language === language);

/**
 * The localizations screen: languages (add one from English, delete an added one), and every
 * line of a language to translate, searched, with a filter for the untranslated. Each change is
 * written to the audit log with who made it.
 */
export function createLocalizationsAdminService({
  db,
  localization,
  settings,
  audit,
}: {
  db: Kysely<Database>;
  localization: LocalizationService;
  settings: SettingsService;
  audit: AuditService;
}) {
  async function find(language: string) {
    const found = (await localization.languages()).find((l) => l.language === language);
    if (!found) throw AppError.notFound('This language does not exist.');
    return found;
  }

  return {
    /** Every language with how much of it is translated. */
    async list() {
      const [languages, fallback] = await Promise.all([
        localization.languages(),
        settings.get('i18n.default_locale'),
      ]);
      const keys = localization.englishKeys();
      return languages.map(({ language, name }) => {
        const own = localization.lines(language);
        return {
          language,
          name,
          shipped: isShipped(language),
          default: language === fallback,
          // English is the source: every line is its own translation.
          translated: language === 'en' ? keys.length : keys.filter((key) => own[key]).length,
          total: keys.length,
        };
      });
    },

    async add(by: AuditActor, { language, name }: { language: string; name: string }) {
      const taken = (await localization.languages()).some(
        (l) => l.language.toLowerCase() === language.toLowerCase(),
      );
      if (taken) throw AppError.validation({ language: 'This language exists already.' });
      await repo.insertLanguage(db, language, name);
      await localization.reload();
      await audit.record(by, {
        action: 'localization.created',
        subject: { type: 'localization', id: language },
        after: { language, name },
      });
    },

    async remove(by: AuditActor, language: string) {
      const found = await find(language);
      if (isShipped(found.language)) {
        throw AppError.validation({ language: 'A language shipped with the app stays.' });
      }
      if (found.language === (await settings.get('i18n.default_locale'))) {
        throw AppError.validation({
          language: 'Make another language the default before deleting this one.',
        });
      }
      await repo.deleteLanguage(db, found.language);
      await localization.reload();
      await audit.record(by, {
        action: 'localization.deleted',
        subject: { type: 'localization', id: found.language },
        before: found,
      });
    },

    /** A page of a language's lines, sorted by key; `missing` keeps the untranslated only. */
    async lines(
      language: string,
      {
        query,
        missing,
        page,
        perPage,
      }: { query?: string | undefined; missing?: boolean; page: number; perPage: number },
    ) {
      const found = await find(language);
      const own = localization.lines(found.language);
      const shipped = localization.shippedLines(found.language);
      const needle = query?.toLowerCase();
      const all = localization
        .englishKeys()
        .sort((a, b) => a.localeCompare(b))
        .map((key) => ({ key, value: own[key] ?? '', shipped: shipped[key] ?? null }))
        .filter((line) => !missing || line.value === '')
        .filter(
          (line) =>
            !needle ||
            line.key.toLowerCase().includes(needle) ||
            line.value.toLowerCase().includes(needle),
        );
      return paginated(all.slice((page - 1) * perPage, page * perPage), all.length, {
        page,
        perPage,
      });
    },

    async saveLines(by: AuditActor, language: string, lines: Record<string, string>) {
      const found = await find(language);
      if (found.language === 'en') {
        throw AppError.validation({ lines: 'English is the source text: change it in the app.' });
      }
      const known = new Set(localization.englishKeys());
      const unknown = Object.keys(lines).filter((key) => !known.has(key));
      if (unknown.length > 0) {
        throw AppError.validation({ lines: `Unknown line: ${unknown[0]}` });
      }
      const before = Object.fromEntries(
        Object.keys(lines).map((key) => [key, localization.lines(found.language)[key] ?? '']),
      );
      await repo.saveLines(db, found.language, lines);
      await localization.reload();
      await audit.record(by, {
        action: 'localization.lines_saved',
        subject: { type: 'localization', id: found.language },
        before,
        after: lines,
      });
    },
  };
}
