import type { Generated, Selectable } from 'kysely';

/** One audio file of an imported library folder, as last seen by an import. */
export interface LibraryFilesTable {
  id: Generated<number>;
  /** Absolute path of the file. */
  path: string;
  size: number;
  mtime_ms: number;
  /** The catalogue track made from the file; null while the file cannot be read. */
  track_id: number | null;
  last_seen_at: string;
  /** Why the last import of the file failed; null when it succeeded. */
  error: string | null;
  created_at: string;
  updated_at: string;
}

export type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface ImportJobsTable {
  id: Generated<number>;
  folder: string;
  status: ImportJobStatus;
  total: number;
  processed: number;
  imported: number;
  updated: number;
  removed: number;
  failed: number;
  /** JSON list of `{ path, reason }`. */
  errors: string;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}

export type LibraryFileRow = Selectable<LibraryFilesTable>;
export type ImportJobRow = Selectable<ImportJobsTable>;

export type WatchStatus = 'starting' | 'watching' | 'error';

/** A library folder an admin marked to be watched, with what its watcher last reported. */
export interface LibraryWatchedFoldersTable {
  id: Generated<number>;
  path: string;
  status: WatchStatus;
  error: string | null;
  /** When the watcher last saw a file arrive, change or go. */
  last_change_at: string | null;
  created_at: string;
  updated_at: string;
}

export type WatchedFolderRow = Selectable<LibraryWatchedFoldersTable>;
