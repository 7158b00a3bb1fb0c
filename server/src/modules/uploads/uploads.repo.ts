import { PostgresAdapter, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DirectUploadsTable, FileEntriesTable, FileEntryRow } from './uploads.table.js';

export async function insertEntry(
  db: Kysely<Database>,
  row: Insertable<FileEntriesTable>,
): Promise<FileEntryRow> {
  return db.insertInto('file_entries').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findEntry(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('file_entries')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Entries by id or stored path, trashed ones included (they can still be deleted for good). */
export async function findEntries(
  db: Kysely<Database>,
  { ids, paths }: { ids: number[]; paths: string[] },
): Promise<FileEntryRow[]> {
  if (ids.length === 0 && paths.length === 0) return [];
  return db
    .selectFrom('file_entries')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('id', 'in', ids)] : []),
        ...(paths.length ? [eb('path', 'in', paths)] : []),
      ]),
    )
    .execute();
}

/** Bytes the user's files take, trashed ones included until they are deleted for good. */
export async function usedSpace(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('file_entries')
    .select((eb) => eb.fn.sum<string | number | null>('size').as('used'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

export async function trashEntries(db: Kysely<Database>, ids: number[], now: string) {
  if (ids.length) {
    await db.updateTable('file_entries').set({ deleted_at: now }).where('id', 'in', ids).execute();
  }
}

export async function deleteEntries(db: Kysely<Database>, ids: number[]) {
  if (ids.length) await db.deleteFrom('file_entries').where('id', 'in', ids).execute();
}

export async function insertDirectUpload(db: Kysely<Database>, row: DirectUploadsTable) {
  await db.insertInto('direct_uploads').values(row).execute();
}

export async function findDirectUpload(db: Kysely<Database>, key: string) {
  return db.selectFrom('direct_uploads').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function deleteDirectUpload(db: Kysely<Database>, key: string) {
  await db.deleteFrom('direct_uploads').where('key', '=', key).execute();
}

export async function expiredDirectUploads(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('direct_uploads')
    .selectAll()
    .where('expires_at', '<', now)
    .limit(500)
    .execute();
}

/** A page of the files of a workspace, or of the user's own (outside any workspace), newest first. */
export async function listEntries(
  db: Kysely<Database>,
  { userId, workspaceId }: { userId: number; workspaceId: number },
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: FileEntryRow[]; total: number }> {
  const scoped = db
    .selectFrom('file_entries')
    .where('deleted_at', 'is', null)
    .$call((query) =>
      workspaceId
        ? query.where('workspace_id', '=', workspaceId)
        : query.where('user_id', '=', userId).where('workspace_id', 'is', null),
    );
  const [rows, count] = await Promise.all([
    scoped.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The user's resumable uploads under way: how many, and the bytes they declared. */
export async function openTusUploads(
  db: Kysely<Database>,
  userId: number,
): Promise<{ count: number; declared: number }> {
  const row = await db
    .selectFrom('open_tus_uploads')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      eb.fn.sum<string | number | null>('declared_length').as('declared'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), declared: Number(row?.declared ?? 0) };
}

export async function insertOpenTusUpload(
  db: Kysely<Database>,
  row: { id: string; user_id: number; declared_length: number; created_at: string },
) {
  await db.insertInto('open_tus_uploads').values(row).execute();
}

export async function deleteOpenTusUpload(db: Kysely<Database>, id: string) {
  await db.deleteFrom('open_tus_uploads').where('id', '=', id).execute();
}

/** Open uploads started before `before`: the ones whose upload may have expired meanwhile. */
export async function openTusUploadsBefore(db: Kysely<Database>, before: string) {
  return db
    .selectFrom('open_tus_uploads')
    .select('id')
    .where('created_at', '<', before)
    .limit(500)
    .execute();
}

/**
 * Holds the user's row until the transaction ends, so that two uploads started at once are
 * counted one after the other. SQLite runs one write transaction at a time already.
 */
export async function lockUploader(db: Kysely<Database>, userId: number) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
