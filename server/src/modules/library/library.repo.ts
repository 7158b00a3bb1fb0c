import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ImportJobRow, LibraryFileRow } from './library.table.js';

type Db = Kysely<Database>;

/** `LIKE` pattern matching every path below a folder, with the folder's own wildcards escaped. */
function underFolder(folder: string): string {
  const prefix = folder.endsWith('/') ? folder : `${folder}/`;
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function filesUnder(db: Db, folder: string): Promise<LibraryFileRow[]> {
  return db
    .selectFrom('library_files')
    .selectAll()
    .where(sql<boolean>`path like ${underFolder(folder)} escape '\\'`)
    .execute();
}

export interface LibraryFileRecord {
  path: string;
  size: number;
  mtimeMs: number;
  trackId: number | null;
  error: string | null;
  seenAt: string;
}

/** Records files as the import found them, in one statement. */
export async function upsertFiles(db: Db, files: LibraryFileRecord[]): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('library_files')
    .values(
      files.map((file) => ({
        path: file.path,
        size: file.size,
        mtime_ms: file.mtimeMs,
        track_id: file.trackId,
        error: file.error,
        last_seen_at: file.seenAt,
        updated_at: file.seenAt,
        created_at: file.seenAt,
      })),
    )
    .onConflict((oc) =>
      oc.column('path').doUpdateSet((eb) => ({
        size: eb.ref('excluded.size'),
        mtime_ms: eb.ref('excluded.mtime_ms'),
        track_id: eb.ref('excluded.track_id'),
        error: eb.ref('excluded.error'),
        last_seen_at: eb.ref('excluded.last_seen_at'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Marks unchanged files as seen by the current import, in batches. */
export async function touchFiles(db: Db, ids: number[], seenAt: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('library_files')
      .set({ last_seen_at: seenAt })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

export async function deleteFiles(db: Db, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .deleteFrom('library_files')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

export async function insertJob(db: Db, folder: string): Promise<ImportJobRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('import_jobs')
    .values({
      folder,
      status: 'queued',
      total: 0,
      processed: 0,
      imported: 0,
      updated: 0,
      removed: 0,
      failed: 0,
      errors: '[]',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findJob(db: Db, id: number): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The most recent import, whatever its state. */
export async function latestJob(db: Db): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Jobs that are queued or running and reported progress since `since`. */
export async function activeJobs(db: Db, since: string): Promise<ImportJobRow[]> {
  return db
    .selectFrom('import_jobs')
    .selectAll()
    .where('status', 'in', ['queued', 'running'])
    .where('updated_at', '>=', since)
    .execute();
}

/** Jobs left queued or running by a process that stopped (no progress since `before`). */
export async function failStaleJobs(db: Db, before: string, reason: string): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: 'failed', errors: reason, finished_at: before, updated_at: before })
    .where('status', 'in', ['queued', 'running'])
    .where('updated_at', '<', before)
    .execute();
}

/** Jobs queued or running that reported no progress since `before`: their process stopped. */
export async function interruptedJobs(db: Db, before: string): Promise<ImportJobRow[]> {
  return db
    .selectFrom('import_jobs')
    .selectAll()
    .where('status', 'in', ['queued', 'running'])
    .where('updated_at', '<', before)
    .orderBy('id')
    .execute();
}

/**
 * Queues an interrupted job again, its walk through the folder to begin anew (what it imported
 * stays counted); false when something else took it up first, so it is queued once.
 */
export async function requeueJob(db: Db, job: ImportJobRow): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set({
      status: 'queued',
      total: 0,
      processed: 0,
      failed: 0,
      errors: '[]',
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', job.id)
    .where('status', '=', job.status)
    .where('updated_at', '=', job.updated_at)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updateJob(
  db: Db,
  id: number,
  // Who the job is and when it was made never change; `updated_at` is set here.
  patch: Partial<Omit<ImportJobRow, 'id' | 'folder' | 'created_at' | 'updated_at'>>,
): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ ...patch, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/**
 * Moves a queued job on to `to` ('running' when a worker takes it, 'cancelled' when an admin
 * stops it first); false when it is no longer queued, so only one of the two happens.
 */
export async function leaveQueue(
  db: Db,
  id: number,
  to: 'running' | 'cancelled',
): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable('import_jobs')
    .set({ status: to, updated_at: now, ...(to === 'cancelled' ? { finished_at: now } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A page of the imports, newest first, and how many there are. */
export async function listJobs(
  db: Db,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ rows: ImportJobRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('import_jobs')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Each folder imported before, with when its last import ended; the longest ago first. */
export async function importedFolders(db: Db): Promise<{ folder: string; last: string }[]> {
  const rows = await db
    .selectFrom('import_jobs')
    .select((eb) => ['folder', eb.fn.max('finished_at').as('last')])
    .where('finished_at', 'is not', null)
    .groupBy('folder')
    .orderBy('last', 'asc')
    .execute();
  return rows.map((row) => ({ folder: row.folder, last: String(row.last) }));
}
