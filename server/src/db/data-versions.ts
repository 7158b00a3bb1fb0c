import type { Kysely } from 'kysely';
import { prepared } from './prepared.js';
import type { Database, DataVersionsTable } from './schema.js';

const versionOf = prepared((db, name: DataVersionsTable['name']) =>
  db.selectFrom('data_versions').select('version').where('name', '=', name),
);

/**
 * How many changes triggers have counted in one kind of data (migration 0034): what was worked
 * out under another count is out of date. One indexed row, read on each use.
 */
export async function dataVersion(
  db: Kysely<Database>,
  name: DataVersionsTable['name'],
): Promise<string> {
  const [row] = await versionOf(db, name);
  return String(row?.version);
}
