import type { ImportError, ImportJob } from '@cadenza/contracts/library';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { IAudioMetadata } from 'music-metadata';
import type { Database } from '../../db/schema.js';
import { readAhead } from '../../infra/read-ahead.js';
import type { CatalogueWriter, ImportTrackInput } from './catalogue-port.js';
import * as repo from './library.repo.js';
import { importJobRowToJob } from './library.mappers.js';
import type { ImportJobRow, LibraryFileRow } from './library.table.js';
import { scanFolder, type ScannedDirectory } from './scanner.js';
import {
  albumKeyOf,
  compilationAlbums,
  findFolderCover,
  readAlbumKey,
  readTags,
  readTrack,
  type AlbumKey,
} from './tags.js';

/** Errors kept on a job; the failed count stays exact beyond it. */
const MAX_REPORTED_ERRORS = 200;
const PROGRESS_INTERVAL_MS = 250;
/**
 * Files whose tags (or sizes) are read at once: a file's tags take some thirty small reads, each
 * a wait for the disk's threads, which reading several files together fills.
 */
const READ_AHEAD = 8;
/** Tracks written in one transaction: a folder's, up to this many. */
const WRITE_BATCH = 25;
/** Embedded pictures a folder's read tags may hold between its two passes (and a batch). */
const KEPT_PICTURE_BYTES = 32 * 1024 * 1024;

interface ChangedFile {
  file: string;
  size: number;
  mtimeMs: number;
}

/** What the import read of one folder, for writing it. */
interface FolderRead {
  /** The rows of the files that did not change. */
  unchanged: number[];
  changed: ChangedFile[];
  /** The tags of changed files, as many as may be kept with their pictures. */
  tagsOf: Map<string, IAudioMetadata>;
  /** Every readable file's album key. */
  keys: Map<string, AlbumKey>;
  compilations: Set<string>;
  folderCover: { data: Buffer; mime: string } | null;
  /** The names in the folder. */
  names: Set<string>;
}

/** What became of one file: its track, or why it has none. */
type Outcome = { trackId: number } | { error: unknown };

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 500) || 'Unknown error.';
}

/** Thrown inside a job an admin cancelled: the job ends as 'cancelled', not 'failed'. */
export class ImportCancelled extends Error {}

export type ProgressListener = (job: ImportJob) => void;

export interface ScanPipelineDeps {
  db: Kysely<Database>;
  catalogue: CatalogueWriter;
  log?: (message: string, error?: unknown) => void;
  /** The folder a job's paths are read from when tags are missing. */
  nameBaseOf: (folder: string) => Promise<string>;
  /** Whether the job should stop after the file it is on (cancelled, or a shutdown). */
  halted: (jobId: number) => boolean;
  /** Throws when the job should stop: `ImportCancelled`, or an error for a shutdown. */
  stopIfHalted: (jobId: number) => void;
}

/**
 * The scan pipeline of an import job: walks the job's folder, reads what changed (the next
 * folder's tags while this one's tracks are written), writes the tracks through the catalogue
 * a batch at a time, remembers each file's size and mtime, and removes the tracks of files gone.
 */
export function createScanPipeline({
  db,
  catalogue,
  log,
  nameBaseOf,
  halted,
  stopIfHalted,
}: ScanPipelineDeps) {
  /** Runs one job to its end; never throws: a failure is recorded on the job. */
  async function runJob(row: ImportJobRow, onProgress?: ProgressListener): Promise<void> {
    const startedAt = new Date().toISOString();
    const job: ImportJob = { ...importJobRowToJob(row), status: 'running', started_at: startedAt };
    const errors: ImportError[] = [];
    let lastWrite = 0;
    const save = async (force = false) => {
      job.errors = errors.slice(0, MAX_REPORTED_ERRORS);
      onProgress?.({ ...job });
      if (!force && Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastWrite = Date.now();
      await repo.updateJob(db, job.id, {
        status: job.status,
        total: job.total,
        processed: job.processed,
        imported: job.imported,
        updated: job.updated,
        removed: job.removed,
        failed: job.failed,
        errors: JSON.stringify(job.errors),
        started_at: startedAt,
        ...(job.finished_at ? { finished_at: job.finished_at } : {}),
      });
    };
    const fail = (file: string, error: unknown) => {
      job.failed++;
      errors.push({ path: file, reason: reasonOf(error) });
    };

    try {
      await save(true);
      const directories = await scanFolder(job.folder);
      job.total = directories.reduce((sum, d) => sum + d.audioFiles.length, 0);
      await save(true);

      const known = new Map((await repo.filesUnder(db, job.folder)).map((f) => [f.path, f]));
      const seen = new Set<string>();
      const base = await nameBaseOf(job.folder);
      // The next folder is read while this one is written: the reads wait on the disk, the
      // writes on the database (so two folders' tags are held at most).
      const read = (directory: ScannedDirectory) =>
        readDirectory(directory, known, seen, job, fail);
      for await (const [, folder] of readAhead(directories, 2, read)) {
        stopIfHalted(job.id);
        await writeDirectory(folder, base, known, startedAt, job, fail, save);
      }
      stopIfHalted(job.id);

      const gone = [...known.values()].filter((file) => !seen.has(file.path));
      const goneWithTracks = gone.filter((file) => file.track_id !== null).map((f) => f.path);
      if (goneWithTracks.length > 0) await catalogue.removeTracksByPaths(goneWithTracks);
      await repo.deleteFiles(
        db,
        gone.map((file) => file.id),
      );
      job.removed = goneWithTracks.length;
      job.status = 'done';
    } catch (error) {
      if (error instanceof ImportCancelled) {
        job.status = 'cancelled';
      } else {
        log?.(`library import ${job.id} failed`, error);
        errors.unshift({ path: job.folder, reason: reasonOf(error) });
        job.status = 'failed';
      }
    }
    job.finished_at = new Date().toISOString();
    await save(true).catch((error: unknown) => log?.('could not record the import result', error));
  }

  /** Reads what changed in one folder, and the tags the import needs of it. */
  async function readDirectory(
    { dir, entries, audioFiles }: ScannedDirectory,
    known: Map<string, LibraryFileRow>,
    seen: Set<string>,
    job: ImportJob,
    fail: (file: string, error: unknown) => void,
  ): Promise<FolderRead> {
    const changed: ChangedFile[] = [];
    const unchanged: number[] = [];
    const statOf = (file: string) => fs.stat(file).catch((error: unknown) => ({ error }));
    for await (const [file, stat] of readAhead(audioFiles, READ_AHEAD, statOf)) {
      seen.add(file);
      if ('error' in stat) {
        fail(file, stat.error);
        job.processed++;
        continue;
      }
      const mtimeMs = Math.floor(stat.mtimeMs);
      const row = known.get(file);
      if (row && row.size === stat.size && row.mtime_ms === mtimeMs && row.error === null) {
        unchanged.push(row.id);
        job.processed++;
      } else {
        changed.push({ file, size: stat.size, mtimeMs });
      }
    }
    const tagsOf = new Map<string, IAudioMetadata>();
    const keys = new Map<string, AlbumKey>();
    const read = { unchanged, changed, tagsOf, keys, compilations: new Set<string>() };
    if (changed.length === 0) return { ...read, folderCover: null, names: new Set() };

    // Album grouping looks at every file of the folder, changed or not: an album whose tracks
    // are by several artists is a compilation even when only one of its files changed. The
    // tags of a changed file are read once, for its key here and its track below; they hold
    // its embedded pictures, so a folder keeps at most KEPT_PICTURE_BYTES of them and reads
    // the tags of the files beyond again.
    let keptBytes = 0;
    const tagsOrNull = (file: string) => readTags(file).catch(() => null);
    const changedFiles = changed.map(({ file }) => file);
    for await (const [file, tags] of readAhead(changedFiles, READ_AHEAD, tagsOrNull)) {
      if (!tags) continue;
      keys.set(file, albumKeyOf(tags.common));
      const bytes = (tags.common.picture ?? []).reduce(
        (sum, picture) => sum + picture.data.length,
        0,
      );
      if (keptBytes + bytes > KEPT_PICTURE_BYTES) continue;
      keptBytes += bytes;
      tagsOf.set(file, tags);
    }
    // The files left are the unchanged ones (and changed ones that could not be read).
    const unread = audioFiles.filter((file) => !keys.has(file) && known.has(file));
    const keyOrNull = (file: string) => readAlbumKey(file).catch(() => null);
    for await (const [file, key] of readAhead(unread, READ_AHEAD, keyOrNull)) {
      if (key) keys.set(file, key);
    }
    return {
      ...read,
      compilations: compilationAlbums([...keys.values()]),
      folderCover: await findFolderCover(dir, entries),
      names: new Set(entries),
    };
  }

  /** Writes the tracks of one folder's changed files, and the rows of its files. */
  async function writeDirectory(
    { unchanged, changed, tagsOf, keys, compilations, folderCover, names }: FolderRead,
    base: string,
    known: Map<string, LibraryFileRow>,
    seenAt: string,
    job: ImportJob,
    fail: (file: string, error: unknown) => void,
    save: () => Promise<void>,
  ): Promise<void> {
    await repo.touchFiles(db, unchanged, seenAt);
    if (changed.length === 0) return save();

    // The tracks are written a batch at a time, each batch in one transaction, with the rows
    // of their files after it.
    let batch: (ChangedFile & { input: ImportTrackInput })[] = [];
    let batchPictureBytes = 0;
    let files: repo.LibraryFileRecord[] = [];
    const record = (file: string, size: number, mtimeMs: number, outcome: Outcome) => {
      const previous = known.get(file)?.track_id ?? null;
      if ('trackId' in outcome) {
        if (previous) job.updated++;
        else job.imported++;
      } else fail(file, outcome.error);
      job.processed++;
      files.push({
        path: file,
        size,
        mtimeMs,
        trackId: 'trackId' in outcome ? outcome.trackId : previous,
        error: 'trackId' in outcome ? null : reasonOf(outcome.error),
        seenAt,
      });
    };
    const writeBatch = async () => {
      const outcomes = await importAll(batch.map(({ input }) => input));
      for (const [index, { file, size, mtimeMs }] of batch.entries())
        record(file, size, mtimeMs, outcomes[index]!);
      await repo.upsertFiles(db, files);
      await save();
      [batch, batchPictureBytes, files] = [[], 0, []];
    };

    for (const { file, size, mtimeMs } of changed) {
      if (halted(job.id)) return;
      const album = keys.get(file)?.album;
      const options = {
        size,
        folderCover,
        compilation: !!album && compilations.has(album),
        siblings: names,
        relativePath: path.relative(base, file),
      };
      try {
        const input = await readTrack(file, options, tagsOf.get(file));
        batch.push({ file, size, mtimeMs, input });
        if (input.coverImage !== folderCover)
          batchPictureBytes += input.coverImage?.data.length ?? 0;
      } catch (error) {
        record(file, size, mtimeMs, { error });
      }
      if (batch.length >= WRITE_BATCH || batchPictureBytes > KEPT_PICTURE_BYTES) await writeBatch();
    }
    if (halted(job.id)) return;
    if (batch.length > 0 || files.length > 0) await writeBatch();
  }

  /**
   * Writes the tracks in one transaction; should that fail, each on its own, so that one bad
   * file is reported and the others still land.
   */
  async function importAll(inputs: ImportTrackInput[]): Promise<Outcome[]> {
    if (inputs.length === 0) return [];
    const together = await catalogue.importTracks(inputs).catch(() => null);
    if (together) return together;
    const outcomes: Outcome[] = [];
    for (const input of inputs) {
      const [result] = await catalogue
        .importTracks([input])
        .catch((error: unknown) => [{ error }] as const);
      outcomes.push(result!);
    }
    return outcomes;
  }

  return { runJob };
}
