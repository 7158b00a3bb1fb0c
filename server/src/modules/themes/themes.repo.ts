import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ThemeRow } from './themes.table.js';

export async function allThemes(db: Kysely<Database>): Promise<ThemeRow[]> {
  return db.selectFrom('themes').selectAll().orderBy('id').execute();
}

export async function countThemes(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('themes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertTheme(
  db: Kysely<Database>,
  theme: {
    name: string;
    isDark: boolean;
    defaultLight: boolean;
    defaultDark: boolean;
    values: Record<string, string>;
  },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('themes')
    .values({
      name: theme.name,
      is_dark: theme.isDark ? 1 : 0,
      default_light: theme.defaultLight ? 1 : 0,
      default_dark: theme.defaultDark ? 1 : 0,
      values: JSON.stringify(theme.values),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
