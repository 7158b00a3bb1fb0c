import { z } from 'zod';

export const importJobStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);

export const importErrorSchema = z.object({ path: z.string(), reason: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

/** A library import: a folder scanned for audio files and its progress. */
export const importJobSchema = z.object({
  id: z.number(),
  folder: z.string(),
  status: importJobStatusSchema,
  /** Audio files found in the folder. */
  total: z.number(),
  processed: z.number(),
  imported: z.number(),
  updated: z.number(),
  removed: z.number(),
  failed: z.number(),
  /** Files that could not be imported (the first 200), with the reason. */
  errors: z.array(importErrorSchema),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const startImportSchema = z.object({
  folder: z.string().trim().min(1, 'Enter the folder to import.').max(4096),
});

/** Permission to import audio folders of the server into the catalogue. */
export const LIBRARY_PERMISSIONS = { import: 'music.import' } as const;

/** A folder the admin area may import: one of the library folders or a folder inside one. */
export const libraryFolderSchema = z.object({
  path: z.string(),
  /** One of the configured library folders itself. */
  root: z.boolean(),
});
export type LibraryFolder = z.infer<typeof libraryFolderSchema>;

/** An audio file an admin uploaded (through the uploads queue) to be imported into the catalogue. */
export const importUploadSchema = z.object({ file_entry_id: z.number().int().min(1) });

/** The track an uploaded file became, as the admin area lists it. */
export const importedTrackSchema = z.object({
  id: z.number(),
  name: z.string(),
  artists: z.array(z.string()),
  album: z.string().nullable(),
});
export type ImportedTrack = z.infer<typeof importedTrackSchema>;

/**
 * What a library folder's watcher is doing: `off` (not watched), `starting` (marked, the watcher
 * is starting), `watching`, or `error` (its reason in `error`).
 */
export const watchStatusSchema = z.enum(['off', 'starting', 'watching', 'error']);
export type WatchStatus = z.infer<typeof watchStatusSchema>;

/** A library folder and whether files landing in it are imported by themselves. */
export const watchedFolderSchema = z.object({
  path: z.string(),
  watch: z.boolean(),
  status: watchStatusSchema,
  error: z.string().nullable(),
  /** When the watcher last saw an audio file arrive, change or go. */
  last_change_at: z.string().nullable(),
});
export type WatchedFolder = z.infer<typeof watchedFolderSchema>;

export const setWatchSchema = z.object({
  folder: z.string().trim().min(1, 'Choose a library folder.').max(4096),
  watch: z.boolean(),
});
