import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WatchedFolderRow, WatchStatus } from './library.table.js';

type Db = Kysely<Database>;

export async function watchedFolders(db: Db): Promise<WatchedFolderRow[]> {
  return db.selectFrom('library_watched_folders').selectAll().orderBy('path').execute();
}

/** Marks a folder watched; a folder marked again starts over as `starting`. */
export async function addWatchedFolder(db: Db, folder: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('library_watched_folders')
    .values({ path: folder, status: 'starting', error: null, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('path').doUpdateSet({ status: 'starting', error: null, updated_at: now }),
    )
    .execute();
}

export async function removeWatchedFolder(db: Db, folder: string): Promise<void> {
  await db.deleteFrom('library_watched_folders').where('path', '=', folder).execute();
}

export async function setWatchStatus(
  db: Db,
  folder: string,
  status: WatchStatus,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('library_watched_folders')
    .set({ status, error, updated_at: new Date().toISOString() })
    .where('path', '=', folder)
    .execute();
}

export async function noteWatchedChange(db: Db, folder: string, at: string): Promise<void> {
  await db
    .updateTable('library_watched_folders')
    .set({ last_change_at: at, updated_at: at })
    .where('path', '=', folder)
    .execute();
}
