import type { Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Languages added in the admin area, and translation lines written there: they lay over the
 * lines shipped with the app (a shipped language can be corrected without a release).
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('localizations')
    .addColumn('language', 'varchar(20)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('localization_lines')
    .addColumn('language', 'varchar(20)', (col) => col.notNull())
    // The English text the line translates.
    .addColumn('line_key', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('localization_lines_pk', ['language', 'line_key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('localization_lines').execute();
  await db.schema.dropTable('localizations').execute();
}
