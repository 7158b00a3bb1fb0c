import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export const addedLanguages = (db: Kysely<Database>) =>
  db.selectFrom('localizations').selectAll().orderBy('name').execute();

export async function allLines(db: Kysely<Database>) {
  return db.selectFrom('localization_lines').select(['language', 'line_key', 'value']).execute();
}

export async function insertLanguage(db: Kysely<Database>, language: string, name: string) {
  await db
    .insertInto('localizations')
    .values({ language, name, created_at: new Date().toISOString() })
    .execute();
}

export async function deleteLanguage(db: Kysely<Database>, language: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('localization_lines').where('language', '=', language).execute();
    await trx.deleteFrom('localizations').where('language', '=', language).execute();
  });
}

/** Saves lines of a language; an empty value removes the line (the shipped or English one shows). */
export async function saveLines(
  db: Kysely<Database>,
  language: string,
  lines: Record<string, string>,
) {
  const updated_at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [line_key, value] of Object.entries(lines)) {
      if (value === '') {
        await trx
          .deleteFrom('localization_lines')
          .where('language', '=', language)
          .where('line_key', '=', line_key)
          .execute();
        continue;
      }
      await trx
        .insertInto('localization_lines')
        .values({ language, line_key, value, updated_at })
        .onConflict((oc) => oc.columns(['language', 'line_key']).doUpdateSet({ value, updated_at }))
        .execute();
    }
  });
}
