import type { Generated, Selectable } from 'kysely';

export interface FileEntriesTable {
  id: Generated<number>;
  name: string;
  file_name: string;
  mime: string;
  extension: string;
  size: number;
  disk: 'local' | 's3';
  path: string;
  relative_path: string | null;
  hash: string;
  user_id: number;
  workspace_id: number | null;
  parent_id: number | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DirectUploadsTable {
  key: string;
  upload_id: string | null;
  user_id: number;
  name: string;
  size: number;
  expires_at: string;
  created_at: string;
}

/** A resumable upload under way, and the length it declared. */
export interface OpenTusUploadsTable {
  id: string;
  user_id: number;
  declared_length: number;
  created_at: string;
}

export type FileEntryRow = Selectable<FileEntriesTable>;
export type DirectUploadRow = Selectable<DirectUploadsTable>;
