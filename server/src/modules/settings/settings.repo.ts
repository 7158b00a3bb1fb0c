import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function allSettings(db: Kysely<Database>): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['name', 'value']).execute();
  return Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.value) as unknown]));
}

export async function saveSettings(
  db: Kysely<Database>,
  values: Record<string, unknown>,
): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [name, value] of Object.entries(values)) {
      await trx
        .insertInto('settings')
        .values({ name, value: JSON.stringify(value), updated_at: now })
        .onConflict((oc) =>
          oc.column('name').doUpdateSet({ value: JSON.stringify(value), updated_at: now }),
        )
        .execute();
    }
  });
}

/** Inserts the settings that do not exist yet, leaving the admin's values alone. */
export async function insertMissingSettings(
  db: Kysely<Database>,
  values: Record<string, unknown>,
): Promise<void> {
  const now = new Date().toISOString();
  const rows = Object.entries(values).map(([name, value]) => ({
    name,
    value: JSON.stringify(value),
    updated_at: now,
  }));
  if (rows.length === 0) return;
  await db
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function findSecret(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

export async function insertSecret(
  db: Kysely<Database>,
  name: string,
  value: string,
): Promise<void> {
  await db
    .insertInto('app_secrets')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
