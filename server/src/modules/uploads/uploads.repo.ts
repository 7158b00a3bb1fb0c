import type { Insertable, Kysely } from 'kysely';
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
