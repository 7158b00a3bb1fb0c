import { paginated, type Pagination } from '@cadenza/contracts/http';
import type {
  ImportedTrack,
  ImportError,
  ImportJob,
  LibraryFolder,
} from '@cadenza/contracts/library';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { IAudioMetadata } from 'music-metadata';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { readAhead } from '../../infra/read-ahead.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { CatalogueWriter, ImportTrackInput } from './catalogue-port.js';
import * as repo from './library.repo.js';
import type { ImportJobRow, LibraryFileRow } from './library.table.js';
import { scanFolder, type ScannedDirectory } from './scanner.js';
import { createUploadImport, type UploadedAudio } from './upload-import.js';
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
/** A queued or running job that has not reported progress for this long is considered dead. */
const STALE_JOB_MS = 2 * 60_000;
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

export function importJobRowToJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    folder: row.folder,
    status: row.status,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    updated: row.updated,
    removed: row.removed,
    failed: row.failed,
    errors: JSON.parse(row.errors) as ImportError[],
    started_at: row.started_at,
    finished_at: row.finished_at,
    created_at: row.created_at,
  };
}

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

export interface LibraryServiceDeps {
  db: Kysely<Database>;
  catalogue: CatalogueWriter;
  /** Where the admin area's imports are recorded. */
  audit: AuditService;
  /** The folders the admin area may import, with everything inside them. */
  roots?: string[];
  /** Where audio uploaded for import is kept. */
  dataDir?: string;
  log?: (message: string, error?: unknown) => void;
}

/** Subfolders listed below each library folder for the admin area's folder picker. */
const FOLDER_DEPTH = 2;
const MAX_FOLDERS = 500;

/** Thrown inside a job an admin cancelled: the job ends as 'cancelled', not 'failed'. */
class ImportCancelled extends Error {}

export type ProgressListener = (job: ImportJob) => void;

export function createLibraryService({
  db,
  catalogue,
  audit,
  roots = [],
  dataDir,
  log,
}: LibraryServiceDeps) {
  /** The job this process is running; imports run one at a time. */
  let running: Promise<void> | undefined;
  let runningId: number | undefined;
  /** The job an admin asked to stop: it stops after the file it is on. */
  let cancelledId: number | undefined;
  /** Set synchronously while a job is being started, so two requests cannot both start one. */
  let starting = false;
  /** Set when the app shuts down: the running job stops after the file it is on. */
  let stopping = false;
  const halted = (jobId: number) => stopping || cancelledId === jobId;
  const stopIfHalted = (jobId: number) => {
    if (cancelledId === jobId) throw new ImportCancelled();
    if (stopping) throw new Error('The import was interrupted by a shutdown.');
  };

  /** The real paths of the library folders that exist. */
  async function existingRoots(): Promise<string[]> {
    const found = await Promise.all(roots.map((root) => fs.realpath(root).catch(() => null)));
    return found.filter((root): root is string => root !== null);
  }

  /**
   * The folder a job's paths are read from when tags are missing: the library folder holding
   * the job's folder (so `Artist/Album` above an imported album folder still counts), or the
   * job's folder itself when it lies outside them (the command-line import).
   */
  async function nameBaseOf(folder: string): Promise<string> {
    const holding = (await existingRoots()).filter(
      (root) => folder === root || folder.startsWith(root + path.sep),
    );
    return holding.sort((a, b) => b.length - a.length)[0] ?? folder;
  }

  /** The folder, resolved, when it is a library folder or inside one; a field error if not. */
  async function assertInsideRoots(folder: string): Promise<string> {
    const resolved = await assertFolder(folder);
    const allowed = await existingRoots();
    if (!allowed.some((root) => resolved === root || resolved.startsWith(root + path.sep))) {
      throw AppError.validation({
        folder: 'Choose a folder inside the library folders the server allows.',
      });
    }
    return resolved;
  }

  async function assertFolder(folder: string): Promise<string> {
    const resolved = path.resolve(folder);
    const invalid = (message: string) => AppError.validation({ folder: message });
    let stat;
    try {
      stat = await fs.stat(resolved);
    } catch {
      throw invalid('The folder does not exist.');
    }
    if (!stat.isDirectory()) throw invalid('This path is not a folder.');
    try {
      await fs.access(resolved, fs.constants.R_OK | fs.constants.X_OK);
    } catch {
      throw invalid('The folder cannot be read.');
    }
    return fs.realpath(resolved);
  }

  async function assertNoActiveJob(): Promise<void> {
    const since = new Date(Date.now() - STALE_JOB_MS).toISOString();
    await repo.failStaleJobs(
      db,
      since,
      JSON.stringify([{ path: '', reason: 'The import stopped without finishing.' }]),
    );
    if ((await repo.activeJobs(db, since)).length > 0) throw alreadyRunning();
  }

  function alreadyRunning(): AppError {
    return new AppError(409, 'An import is already running. Wait for it to finish.', {
      code: 'import_running',
    });
  }

  /** Validates the folder, checks that no job runs, records a new job and starts it. */
  async function startJob(
    folder: string,
    run: (row: ImportJobRow) => Promise<void>,
  ): Promise<ImportJobRow> {
    if (running || starting) throw alreadyRunning();
    starting = true;
    try {
      const resolved = await assertFolder(folder);
      await assertNoActiveJob();
      const row = await repo.insertJob(db, resolved);
      runningId = row.id;
      running = run(row).finally(() => {
        running = undefined;
        runningId = undefined;
        if (cancelledId === row.id) cancelledId = undefined;
      });
      return row;
    } finally {
      starting = false;
    }
  }

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

  /** Starts a job and answers at once; the job runs on the following turns of the event loop. */
  function startInBackground(folder: string): Promise<ImportJobRow> {
    return startJob(folder, async (job) => {
      await new Promise((resolve) => setImmediate(resolve));
      await runJob(job);
    });
  }

  const importUploaded = dataDir
    ? createUploadImport({ dataDir, catalogue })
    : () => Promise.reject(new Error('Uploads for import need a data folder.'));

  const service = {
    /** Imports one audio file an admin uploaded from the browser; see `createUploadImport`. */
    async importUpload(
      by: AuditActor,
      upload: UploadedAudio,
      source: Readable,
    ): Promise<ImportedTrack> {
      const track = await importUploaded(upload, source);
      await audit.record(by, {
        action: 'import.uploaded',
        subject: { type: 'track', id: track.id },
        after: { file: upload.relativePath ?? upload.name, name: track.name },
      });
      return track;
    },

    /**
     * Queues an import of a folder inside the library folders (the admin area's import) and runs
     * it in the background of this process. With REDIS_URL set, this is where the job would go to a BullMQ queue instead, so that a
     * worker process runs it and any app instance can report its progress from the table.
     */
    async startImport(by: AuditActor, folder: string): Promise<ImportJob> {
      const job = importJobRowToJob(await startInBackground(await assertInsideRoots(folder)));
      await audit.record(by, {
        action: 'import.started',
        subject: { type: 'import', id: job.id },
        after: { folder: job.folder },
      });
      return job;
    },

    /** Imports a folder and resolves when done (the command-line import). */
    async importFolder(folder: string, onProgress?: ProgressListener): Promise<ImportJob> {
      const row = await startJob(folder, (job) => runJob(job, onProgress));
      await running;
      return importJobRowToJob((await repo.findJob(db, row.id))!);
    },

    async getJob(id: number): Promise<ImportJob> {
      const row = await repo.findJob(db, id);
      if (!row) throw AppError.notFound('This import does not exist.');
      return importJobRowToJob(row);
    },

    /** The last import, or null before the first (a music app's scan status). */
    async latestJob(): Promise<ImportJob | null> {
      const row = await repo.latestJob(db);
      return row ? importJobRowToJob(row) : null;
    },

    /**
     * Scans the folder of the last import again (a music app's "scan" button): a folder an
     * admin or the command line already chose, so the library folders do not confine it.
     */
    async rescan(): Promise<ImportJob | null> {
      const last = await repo.latestJob(db);
      return last ? importJobRowToJob(await startInBackground(last.folder)) : null;
    },

    /** A page of the imports, newest first. */
    async jobs(window: { page: number; perPage: number }): Promise<Pagination<ImportJob>> {
      const { rows, total } = await repo.listJobs(db, window);
      return paginated(rows.map(importJobRowToJob), total, window);
    },

    /** Stops an import after the file it is on; its files so far stay imported. */
    async cancel(by: AuditActor, id: number): Promise<ImportJob> {
      const before = await service.getJob(id);
      if (before.status !== 'queued' && before.status !== 'running') {
        throw new AppError(409, 'This import has already ended.', { code: 'import_ended' });
      }
      if (runningId === id) {
        cancelledId = id;
        await running;
      } else {
        // Left behind by a process that stopped: nothing runs it any more.
        await repo.updateJob(db, id, {
          status: 'cancelled',
          finished_at: new Date().toISOString(),
        });
      }
      const after = await service.getJob(id);
      await audit.record(by, {
        action: 'import.cancelled',
        subject: { type: 'import', id },
        after: { folder: after.folder, processed: after.processed, total: after.total },
      });
      return after;
    },

    /**
     * The folders an admin may import: each library folder and its subfolders two levels down
     * (hidden ones left out), at most 500.
     */
    async folders(): Promise<LibraryFolder[]> {
      const folders: LibraryFolder[] = [];
      const walk = async (dir: string, depth: number) => {
        if (depth === FOLDER_DEPTH || folders.length >= MAX_FOLDERS) return;
        const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
        const subfolders = entries
          .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
          .map((entry) => path.join(dir, entry.name))
          .sort((a, b) => a.localeCompare(b));
        for (const sub of subfolders) {
          if (folders.length >= MAX_FOLDERS) return;
          folders.push({ path: sub, root: false });
          await walk(sub, depth + 1);
        }
      };
      for (const root of await existingRoots()) {
        folders.push({ path: root, root: true });
        await walk(root, 0);
      }
      return folders;
    },

    /**
     * The scheduled re-scan: imports again the folder whose last import ended longest ago, when
     * that is more than `everyHours` ago and nothing runs. One folder per call.
     */
    async rescanDue(everyHours: number, now = Date.now()): Promise<ImportJob | null> {
      if (everyHours <= 0 || running || starting) return null;
      const due = new Date(now - everyHours * 3_600_000).toISOString();
      const allowed = await existingRoots();
      const inside = (folder: string) =>
        allowed.some((root) => folder === root || folder.startsWith(root + path.sep));
      const exists = (folder: string) =>
        fs.stat(folder).then(
          (stat) => stat.isDirectory(),
          () => false,
        );
      let folder: { folder: string } | undefined;
      for (const candidate of await repo.importedFolders(db)) {
        if (candidate.last >= due) break;
        if (inside(candidate.folder) && (await exists(candidate.folder))) {
          folder = candidate;
          break;
        }
      }
      if (!folder) return null;
      try {
        return importJobRowToJob(await startInBackground(folder.folder));
      } catch (error) {
        log?.(`scheduled re-scan of ${folder.folder} could not start`, error);
        return null;
      }
    },

    /** Resolves once the background job of this process (if any) has finished. */
    async idle(): Promise<void> {
      await running;
    },

    /** Stops the running job after its current file and waits for it (at shutdown). */
    async close(): Promise<void> {
      stopping = true;
      await running;
    },
  };
  return service;
}

export type LibraryService = ReturnType<typeof createLibraryService>;
