import type { Theme, ThemeInput } from '@cadenza/contracts/themes';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import * as repo from './themes.repo.js';
import { themeRowToTheme, type ThemesService } from './themes.service.js';

export type ThemesAdminService = ReturnType<typeof createThemesAdminService>;

const toRow = (input: ThemeInput) => ({
  name: input.name,
  isDark: input.is_dark,
  defaultLight: input.default_light,
  defaultDark: input.default_dark,
  values: input.values,
});

/**
 * The appearance editor's themes: there is always exactly one default light and one default
 * dark theme (marking another moves the mark), and at least one theme. Each change is written to
 * the audit log with who made it.
 */
export function createThemesAdminService(deps: {
  db: Kysely<Database>;
  themes: ThemesService;
  settings: SettingsService;
  audit: AuditService;
}) {
  const { db, themes, settings, audit } = deps;
  const subject = (id: number) => ({ type: 'theme', id });

  async function get(id: number): Promise<Theme> {
    const row = await repo.findTheme(db, id);
    if (!row) throw AppError.notFound('That theme does not exist.');
    return themeRowToTheme(row);
  }

  async function moveDefaults(trx: Kysely<Database>, id: number, input: ThemeInput) {
    if (input.default_light) await repo.clearDefault(trx, 'default_light', id);
    if (input.default_dark) await repo.clearDefault(trx, 'default_dark', id);
  }

  return {
    get,

    async list(): Promise<Theme[]> {
      return (await repo.allThemes(db)).map(themeRowToTheme);
    },

    async create(by: AuditActor, input: ThemeInput): Promise<Theme> {
      const id = await db.transaction().execute(async (trx) => {
        const created = await repo.insertTheme(trx, toRow(input));
        await moveDefaults(trx, created, input);
        return created;
      });
      await themes.invalidate();
      const theme = await get(id);
      await audit.record(by, { action: 'theme.created', subject: subject(id), after: theme });
      return theme;
    },

    async update(by: AuditActor, id: number, input: ThemeInput): Promise<Theme> {
      const before = await get(id);
      if (before.default_light && !input.default_light) {
        throw AppError.validation({
          default_light: 'Make another theme the default light theme first.',
        });
      }
      if (before.default_dark && !input.default_dark) {
        throw AppError.validation({
          default_dark: 'Make another theme the default dark theme first.',
        });
      }
      await db.transaction().execute(async (trx) => {
        await repo.updateTheme(trx, id, toRow(input));
        await moveDefaults(trx, id, input);
      });
      await themes.invalidate();
      const theme = await get(id);
      await audit.record(by, {
        action: 'theme.updated',
        subject: subject(id),
        before,
        after: theme,
      });
      return theme;
    },

    async remove(by: AuditActor, id: number): Promise<Theme> {
      const theme = await get(id);
      if (theme.default_light || theme.default_dark) {
        throw new AppError(
          409,
          'This is a default theme. Make another theme the default before deleting it.',
          { code: 'default_theme' },
        );
      }
      await repo.deleteTheme(db, id);
      // Visitors whose site default was this theme get the default light or dark one.
      if ((await settings.get('themes.default_id')) === id) {
        await settings.update({ 'themes.default_id': null });
      }
      await themes.invalidate();
      await audit.record(by, { action: 'theme.deleted', subject: subject(id), before: theme });
      return theme;
    },
  };
}
