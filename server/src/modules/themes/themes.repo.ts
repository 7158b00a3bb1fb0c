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

export interface ThemeFields {
  name: string;
  isDark: boolean;
  defaultLight: boolean;
  defaultDark: boolean;
  values: Record<string, string>;
}

/** A theme's columns as stored: flags as 0/1, values as JSON. */
const columnsOf = (theme: ThemeFields) => ({
  name: theme.name,
  is_dark: theme.isDark ? 1 : 0,
  default_light: theme.defaultLight ? 1 : 0,
  default_dark: theme.defaultDark ? 1 : 0,
  values: JSON.stringify(theme.values),
});

export async function insertTheme(db: Kysely<Database>, theme: ThemeFields): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('themes')
    .values({
      ...columnsOf(theme),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findTheme(db: Kysely<Database>, id: number): Promise<ThemeRow | undefined> {
  return db.selectFrom('themes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateTheme(
  db: Kysely<Database>,
  id: number,
  theme: ThemeFields,
): Promise<void> {
  await db
    .updateTable('themes')
    .set({
      ...columnsOf(theme),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** Takes the default light or dark mark from every theme but `keepId`. */
export async function clearDefault(
  db: Kysely<Database>,
  column: 'default_light' | 'default_dark',
  keepId: number,
): Promise<void> {
  await db
    .updateTable('themes')
    .set({ [column]: 0 })
    .where('id', '!=', keepId)
    .execute();
}

export async function deleteTheme(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('themes').where('id', '=', id).execute();
}
