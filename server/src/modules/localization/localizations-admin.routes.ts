import {
  ADMIN_PERMISSIONS,
  adminLocalizationSchema,
  localizationLineSchema,
  newLocalizationSchema,
  saveLinesSchema,
} from '@cadenza/contracts/admin';
import { paginated, paginationQuerySchema, paginationSchema } from '@cadenza/contracts/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import * as repo from './localization.repo.js';
import { LOCALIZATIONS, type LocalizationService } from './localization.service.js';

const isShipped = (language: string) => LOCALIZATIONS.some((l) => l.language === language);
const languageParams = z.object({ language: z.string().min(2).max(20) });

/**
 * The localizations screen: languages (add one from English, delete an added one), and every
 * line of a language to translate, searched, with a filter for the untranslated.
 */
export async function localizationsAdminRoutes(
  app: FastifyInstance,
  {
    db,
    localization,
    settings,
    audit,
  }: {
    db: Kysely<Database>;
    localization: LocalizationService;
    settings: SettingsService;
    audit: AuditService;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: ADMIN_PERMISSIONS.localizations };

  async function find(language: string) {
    const found = (await localization.languages()).find((l) => l.language === language);
    if (!found) throw AppError.notFound('This language does not exist.');
    return found;
  }

  r.get(
    '/api/v1/admin/localizations',
    {
      config,
      schema: { response: { 200: z.object({ localizations: z.array(adminLocalizationSchema) }) } },
    },
    async () => {
      const [languages, fallback] = await Promise.all([
        localization.languages(),
        settings.get('i18n.default_locale'),
      ]);
      const keys = localization.englishKeys();
      return {
        localizations: languages.map(({ language, name }) => {
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
        }),
      };
    },
  );

  r.post(
    '/api/v1/admin/localizations',
    {
      config,
      schema: { body: newLocalizationSchema, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const { language, name } = request.body;
      const taken = (await localization.languages()).some(
        (l) => l.language.toLowerCase() === language.toLowerCase(),
      );
      if (taken) throw AppError.validation({ language: 'This language exists already.' });
      await repo.insertLanguage(db, language, name);
      await localization.reload();
      await audit.record(request, {
        action: 'localization.created',
        subject: { type: 'localization', id: language },
        after: { language, name },
      });
      return { message: 'Language added' };
    },
  );

  r.delete(
    '/api/v1/admin/localizations/:language',
    {
      config,
      schema: { params: languageParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const found = await find(request.params.language);
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
      await audit.record(request, {
        action: 'localization.deleted',
        subject: { type: 'localization', id: found.language },
        before: found,
      });
      return { message: 'Language deleted' };
    },
  );

  r.get(
    '/api/v1/admin/localizations/:language/lines',
    {
      config,
      schema: {
        params: languageParams,
        querystring: paginationQuerySchema.extend({
          query: z.string().trim().max(200).optional(),
          missing: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: paginationSchema(localizationLineSchema) },
      },
    },
    async (request) => {
      const { language } = await find(request.params.language);
      const { query, missing, page, perPage } = request.query;
      const own = localization.lines(language);
      const shipped = localization.shippedLines(language);
      const needle = query?.toLowerCase();
      const all = localization
        .englishKeys()
        .sort((a, b) => a.localeCompare(b))
        .map((key) => ({ key, value: own[key] ?? '', shipped: shipped[key] ?? null }))
        .filter((line) => missing !== 'true' || line.value === '')
        .filter(
          (line) =>
            !needle ||
            line.key.toLowerCase().includes(needle) ||
            line.value.toLowerCase().includes(needle),
        );
      return {
        pagination: paginated(
          all.slice((page - 1) * perPage, page * perPage),
          all.length,
          request.query,
        ),
      };
    },
  );

  r.put(
    '/api/v1/admin/localizations/:language/lines',
    {
      config,
      schema: {
        params: languageParams,
        body: saveLinesSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const { language } = await find(request.params.language);
      if (language === 'en') {
        throw AppError.validation({ lines: 'English is the source text: change it in the app.' });
      }
      const known = new Set(localization.englishKeys());
      const unknown = Object.keys(request.body.lines).filter((key) => !known.has(key));
      if (unknown.length > 0) {
        throw AppError.validation({ lines: `Unknown line: ${unknown[0]}` });
      }
      const before = Object.fromEntries(
        Object.keys(request.body.lines).map((key) => [
          key,
          localization.lines(language)[key] ?? '',
        ]),
      );
      await repo.saveLines(db, language, request.body.lines);
      await localization.reload();
      await audit.record(request, {
        action: 'localization.lines_saved',
        subject: { type: 'localization', id: language },
        before,
        after: request.body.lines,
      });
      return { message: 'Lines saved' };
    },
  );
}
