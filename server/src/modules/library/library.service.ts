import { paginated, type Pagination } from '@cadenza/contracts/http';
import type { ImportedTrack, ImportJob, LibraryFolder } from '@cadenza/contracts/library';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { isStorageFull } from '../../infra/file-disk.js';
import type { Jobs } from '../../infra/jobs/index.js';
import type { PubSub } from '../../infra/pubsub.js';
import { actorIdOf, type AuditActor, type AuditService } from '../audit/audit.service.js';
import type { Actor } from '../music/actor.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { CatalogueWriter } from './catalogue-port.js';
import { assertMayImport } from './library-access.js';
import * as repo from './library.repo.js';
import { importJobRowToJob } from './library.mappers.js';
import type { ImportJobRow } from './library.table.js';
import { createScanPipeline, ImportCancelled, type ProgressListener } from './scan-pipeline.js';
import { createUploadImport } from './upload-import.js';

/** A queued or running job that has not reported progress for this long is considered dead. */
const STALE_JOB_MS = 2 * 60_000;
/** Where a cancel reaches the instance running the import. */
const CANCEL_CHANNEL = 'library.import.cancel';
/** How often a cancel made on another instance checks that the import has stopped. */
const CANCEL_CHECK_MS = 100;

export interface LibraryServiceDeps {
  db: Kysely<Database>;
  catalogue: CatalogueWriter;
  /** Where the admin area's imports are recorded. */
  audit: AuditService;
  /** The folders the admin area may import, with everything inside them. */
  roots?: string[];
  /** Where audio uploaded for import is kept. */
  dataDir?: string;
  /** The queue the admin area's imports run from, on whichever instance takes them. */
  jobs: Jobs;
  /** Cancels reach the instance that runs the import through it. */
  pubsub: PubSub;
  /** Where the audio uploaded for import is read from, and deleted once imported. */
  uploads?: Pick<UploadsService, 'readable' | 'read' | 'remove'>;
  log?: (message: string, error?: unknown) => void;
}

/** Subfolders listed below each library folder for the admin area's folder picker. */
const FOLDER_DEPTH = 2;
const MAX_FOLDERS = 500;

export function createLibraryService({
  db,
  catalogue,
  audit,
  roots = [],
  dataDir,
  jobs,
  pubsub,
  uploads,
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
  const { runJob } = createScanPipeline({ db, catalogue, log, nameBaseOf, halted, stopIfHalted });
  const stopListening = pubsub.subscribe(CANCEL_CHANNEL, (message) => {
    const { id } = message as { id: number };
    if (id === runningId) cancelledId = id;
  });
  // One attempt: a failed import is recorded on its row, and an admin starts the next.
  const importQueue = jobs.queue<{ importId: number }>(
    'library-import',
    ({ importId }) => track(importId, runQueued(importId)),
    { attempts: 1 },
  );

  async function runQueued(importId: number): Promise<void> {
    // The request that queued the import answers first.
    await new Promise((resolve) => setImmediate(resolve));
    // Cancelled while it waited, or given up as stale: there is nothing to run.
    if (!(await repo.leaveQueue(db, importId, 'running'))) return;
    await runJob((await repo.findJob(db, importId))!);
  }

  /** Marks `run` as this process's import until it ends. */
  function track(importId: number, run: Promise<void>): Promise<void> {
    runningId = importId;
    running = run.finally(() => {
      running = undefined;
      runningId = undefined;
      if (cancelledId === importId) cancelledId = undefined;
    });
    return running;
  }

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

  /** Validates the folder, checks that no job runs and records a new, queued one. */
  async function recordJob(folder: string): Promise<ImportJobRow> {
    if (running || starting) throw alreadyRunning();
    starting = true;
    try {
      const resolved = await assertFolder(folder);
      await assertNoActiveJob();
      return await repo.insertJob(db, resolved);
    } finally {
      starting = false;
    }
  }

  /** Records a job and answers at once; any instance's import worker runs it. */
  async function startInBackground(folder: string): Promise<ImportJobRow> {
    const row = await recordJob(folder);
    await importQueue.add({ importId: row.id });
    return row;
  }

  /** Whether the import has reported progress since `since` (something still runs it). */
  async function isFresh(id: number, since: string): Promise<boolean> {
    const row = await repo.findJob(db, id);
    return row !== undefined && row.updated_at >= since;
  }

  /** Resolves once the import has ended, wherever it runs (a cancel made on another instance). */
  async function endOf(id: number): Promise<void> {
    const deadline = Date.now() + STALE_JOB_MS;
    for (;;) {
      const row = await repo.findJob(db, id);
      if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
      if (Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, CANCEL_CHECK_MS));
    }
  }

  const importUploaded = dataDir
    ? createUploadImport({ dataDir, catalogue })
    : () => Promise.reject(new Error('Uploads for import need a data folder.'));

  const service = {
    /**
     * Imports one audio file an admin uploaded from the browser (see `createUploadImport`), then
     * deletes the upload, whose audio the track now keeps. Imported or refused, the upload served
     * its purpose (another member's stays theirs), unless there was no room to import it: then it
     * stays, to be imported once there is.
     */
    async importUpload(actor: Actor, by: AuditActor, fileEntryId: number): Promise<ImportedTrack> {
      assertMayImport(actor);
      if (!uploads) throw new Error('Uploads for import need the uploads service.');
      const userId = actorIdOf(by);
      const entry = await uploads.readable(userId, fileEntryId);
      const done = async () => {
        if (entry.user_id === userId) {
          await uploads.remove(userId, { entryIds: [entry.id], deleteForever: true });
        }
      };
      const upload = { name: entry.name, relativePath: entry.relative_path, mime: entry.mime };
      let track;
      try {
        track = await importUploaded(upload, await uploads.read(entry));
      } catch (error) {
        if (!isStorageFull(error)) await done();
        throw error;
      }
      await done();
      await audit.record(by, {
        action: 'import.uploaded',
        subject: { type: 'track', id: track.id },
        after: { file: upload.relativePath ?? upload.name, name: track.name },
      });
      return track;
    },

    /**
     * Queues an import of a folder inside the library folders (the admin area's import). It runs
     * as a job, on any instance with Redis; its progress is kept on its row for every instance.
     */
    async startImport(actor: Actor, by: AuditActor, folder: string): Promise<ImportJob> {
      assertMayImport(actor);
      const job = importJobRowToJob(await startInBackground(await assertInsideRoots(folder)));
      await audit.record(by, {
        action: 'import.started',
        subject: { type: 'import', id: job.id },
        after: { folder: job.folder },
      });
      return job;
    },

    /**
     * Queues an import of a folder a watcher saw change, as the server's own work (the admin who
     * marked the folder watched is on the audit log). Refused with 409 while another import runs.
     */
    async importWatched(folder: string): Promise<ImportJob> {
      return importJobRowToJob(await startInBackground(await assertInsideRoots(folder)));
    },

    /** The real paths of the configured library folders that exist. */
    roots: existingRoots,

    /** Imports a folder and resolves when done (the command-line import). */
    async importFolder(folder: string, onProgress?: ProgressListener): Promise<ImportJob> {
      const row = await recordJob(folder);
      await track(row.id, runJob(row, onProgress));
      return importJobRowToJob((await repo.findJob(db, row.id))!);
    },

    async getJob(actor: Actor, id: number): Promise<ImportJob> {
      assertMayImport(actor);
      const row = await repo.findJob(db, id);
      if (!row) throw AppError.notFound('This import does not exist.');
      return importJobRowToJob(row);
    },

    /** The last import, or null before the first (a music app's scan status). */
    async latestJob(actor: Actor): Promise<ImportJob | null> {
      assertMayImport(actor);
      const row = await repo.latestJob(db);
      return row ? importJobRowToJob(row) : null;
    },

    /**
     * Scans the folder of the last import again (a music app's "scan" button): a folder an
     * admin or the command line already chose, so the library folders do not confine it.
     */
    async rescan(actor: Actor): Promise<ImportJob | null> {
      assertMayImport(actor);
      const last = await repo.latestJob(db);
      return last ? importJobRowToJob(await startInBackground(last.folder)) : null;
    },

    /** A page of the imports, newest first. */
    async jobs(
      actor: Actor,
      window: { page: number; perPage: number },
    ): Promise<Pagination<ImportJob>> {
      assertMayImport(actor);
      const { rows, total } = await repo.listJobs(db, window);
      return paginated(rows.map(importJobRowToJob), total, window);
    },

    /** Stops an import after the file it is on; its files so far stay imported. */
    async cancel(actor: Actor, by: AuditActor, id: number): Promise<ImportJob> {
      const before = await service.getJob(actor, id);
      if (before.status !== 'queued' && before.status !== 'running') {
        throw new AppError(409, 'This import has already ended.', { code: 'import_ended' });
      }
      const since = new Date(Date.now() - STALE_JOB_MS).toISOString();
      if (runningId === id) {
        cancelledId = id;
        await running;
      } else if (before.status === 'queued' && (await repo.leaveQueue(db, id, 'cancelled'))) {
        // No worker had taken it yet; none will run it now.
      } else if (await isFresh(id, since)) {
        // Running on another instance: it stops after its file and records the cancel.
        await pubsub.publish(CANCEL_CHANNEL, { id });
        await endOf(id);
      } else {
        // Left behind by a process that stopped: nothing runs it any more.
        await repo.updateJob(db, id, {
          status: 'cancelled',
          finished_at: new Date().toISOString(),
        });
      }
      const after = await service.getJob(actor, id);
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
    async folders(actor: Actor): Promise<LibraryFolder[]> {
      assertMayImport(actor);
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

    /**
     * Takes up again the imports a process left queued or running when it stopped without
     * closing (killed, crashed, the machine lost): with the in-process queue, where this
     * process is the only worker, every such import; with Redis, those with no progress for
     * STALE_JOB_MS, which no instance runs any more. The files already imported are unchanged
     * for the new walk, so each is imported once. Answers the ids queued again.
     */
    async resumeInterrupted(): Promise<number[]> {
      const before =
        jobs.backend === 'in-process' && !running
          ? new Date().toISOString()
          : new Date(Date.now() - STALE_JOB_MS).toISOString();
      const resumed: number[] = [];
      for (const row of await repo.interruptedJobs(db, before)) {
        if (!(await repo.requeueJob(db, row))) continue;
        await importQueue.add({ importId: row.id });
        resumed.push(row.id);
        log?.(`library import ${row.id} was interrupted: it runs again`);
      }
      return resumed;
    },

    /** Resolves once the background job of this process (if any) has finished. */
    async idle(): Promise<void> {
      await running;
    },

    /** Stops the running job after its current file and waits for it (at shutdown). */
    async close(): Promise<void> {
      stopping = true;
      stopListening();
      await running;
    },
  };
  return service;
}

export type LibraryService = ReturnType<typeof createLibraryService>;
