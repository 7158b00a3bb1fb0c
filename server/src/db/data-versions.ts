import { sql, type Kysely } from 'kysely';
import type { ChangeFeed } from '../infra/change-feed.js';
import { NOT_LOGGED } from './database.js';
import { prepared } from './prepared.js';
import type { Database, DataVersionsTable } from './schema.js';

type Name = DataVersionsTable['name'];
/** A kind of data whose changes are counted. */
export type DataVersionName = Name;

/** News of the changes counted here, from every instance (`infra/change-feed.ts`). */
export type DataChanges = ChangeFeed<Name>;

/** Every count: the table holds one row per kind of data, in the order of their names. */
const allVersions = prepared((db) =>
  db.selectFrom('data_versions').select(['name', 'version']).orderBy('name'),
);

/** Counts asked for and not yet read, per database. */
const pending = new WeakMap<Kysely<Database>, Promise<Map<Name, string>>>();

/**
 * How many changes triggers have counted in one kind of data (migration 0034): what was worked
 * out under another count is out of date.
 *
 * Read fresh for each use, but the uses of one turn of the event loop share one statement (a
 * discover page asks once per channel in it, a signed-in request for its grants and its pages,
 * concurrent requests each): on PostgreSQL each read is a round trip. Every caller asked before
 * the statement ran, so none misses a change made before it asked.
 */
export function dataVersion(db: Kysely<Database>, name: Name): Promise<string> {
  return readVersions(db).then((versions) => String(versions.get(name)));
}

/** Every count at once, as one text: what was worked out under another text is out of date. */
export function dataVersions(db: Kysely<Database>): Promise<string> {
  return readVersions(db).then((versions) => [...versions.values()].join('.'));
}

/**
 * Every count by its name, for the change feed that reads them on a clock: a statement of its own,
 * left out of the query log, which holds what requests ask.
 */
export async function changeCounts(db: Kysely<Database>): Promise<ReadonlyMap<Name, string>> {
  const { rows } = await sql<{ name: Name; version: number }>`${sql.raw(NOT_LOGGED)}
    select name, version from data_versions`.execute(db);
  return new Map(rows.map((row) => [row.name, String(row.version)]));
}

function readVersions(db: Kysely<Database>): Promise<Map<Name, string>> {
  let read = pending.get(db);
  if (!read) {
    read = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      pending.delete(db);
      const rows = await allVersions(db);
      return new Map(rows.map((row) => [row.name, String(row.version)]));
    });
    pending.set(db, read);
  }
  return read;
}
