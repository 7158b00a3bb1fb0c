import type { WatchedFolder } from '@cadenza/contracts/library';
import fs from 'node:fs/promises';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { PubSub } from '../../infra/pubsub.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { Actor } from '../music/actor.js';
import { assertMayImport } from './library-access.js';
import type { LibraryService } from './library.service.js';
import { isAudioFile } from './tags.js';
import * as repo from './watch.repo.js';

/** Where a change of the watched folders reaches the instance that watches. */
const WATCH_CHANNEL = 'library.watch.changed';
/** How long the watching instance's lease lasts without renewal; renewed every third of it. */
const LEASE_MS = 15_000;
const HOLD_LEASE = `
local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
if not holder then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
/** How soon an import refused because another runs is asked for again. */
const BUSY_RETRY_MS = 2_000;

export interface FolderWatchDeps {
  db: Kysely<Database>;
  library: LibraryService;
  audit: AuditService;
  pubsub: PubSub;
  /** With several instances on one Redis, the one holding a lease there watches. */
  redis?: Redis | undefined;
  redisPrefix?: string;
  /** A file's size must stay unchanged this long before it counts as arrived (copies in flight). */
  settleMs: number;
  /** Changes are gathered until none came for this long, then imported together. */
  debounceMs: number;
  log?: (message: string, error?: unknown) => void;
}

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** Whether `inner` is `outer` or inside it. */
const isWithin = (outer: string, inner: string) =>
  inner === outer || inner.startsWith(outer + path.sep);

/** The deepest folder holding every one of `folders`. */
function commonFolder(folders: string[]): string {
  return folders.reduce((common, folder) => {
    while (!isWithin(common, folder)) common = path.dirname(common);
    return common;
  });
}

/**
 * Watched library folders: audio files that arrive or change in a folder an admin marked are
 * imported within seconds, and files that go are removed, by the same import job as a re-scan
 * (so the admin screen shows its progress and errors). Changes are gathered for `debounceMs`
 * and imported as one job of the deepest folder holding them; a file counts only once its size
 * has held still for `settleMs`, so a copy in progress is not imported half-written. One
 * instance watches: the one holding the lease in Redis, or this process without Redis.
 */
export function createFolderWatchService({
  db,
  library,
  audit,
  pubsub,
  redis,
  redisPrefix = '',
  settleMs,
  debounceMs,
  log,
}: FolderWatchDeps) {
  const leaseKey = `${redisPrefix}library:watcher`;
  const instanceId = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const watchers = new Map<string, FSWatcher>();
  /** Folders with changes not yet imported, by the watched folder holding them. */
  const pending = new Map<string, Set<string>>();
  let leader = false;
  let closed = false;
  let flushTimer: NodeJS.Timeout | undefined;
  let leaseTimer: NodeJS.Timeout | undefined;
  /** Reconciliations run one after another, so two cannot start the same watcher. */
  let reconciling: Promise<void> = Promise.resolve();
  const stopListening = pubsub.subscribe(WATCH_CHANNEL, () => void reconcile());

  function reconcile(): Promise<void> {
    reconciling = reconciling.then(applyWatchedFolders).catch((error: unknown) => {
      log?.('could not update the watched library folders', error);
    });
    return reconciling;
  }

  /** Starts a watcher for each marked folder and stops the ones no longer marked. */
  async function applyWatchedFolders(): Promise<void> {
    if (closed) return;
    const roots = await library.roots();
    const wanted = leader
      ? (await repo.watchedFolders(db)).map((row) => row.path).filter((p) => roots.includes(p))
      : [];
    for (const [folder, watcher] of watchers) {
      if (wanted.includes(folder)) continue;
      watchers.delete(folder);
      pending.delete(folder);
      await watcher.close();
    }
    for (const folder of wanted) if (!watchers.has(folder)) startWatcher(folder);
  }

  function startWatcher(folder: string): void {
    const watcher = watch(folder, {
      ignoreInitial: true,
      followSymlinks: false,
      // Hidden files and folders are left out, as the import leaves them out.
      ignored: (file: string) =>
        path
          .relative(folder, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
      awaitWriteFinish: { stabilityThreshold: settleMs, pollInterval: Math.min(100, settleMs) },
    });
    watchers.set(folder, watcher);
    const changed = (file: string) => {
      if (isAudioFile(file)) noteChange(folder, path.dirname(file));
    };
    watcher.on('add', changed);
    watcher.on('change', changed);
    watcher.on('unlink', changed);
    watcher.on('unlinkDir', (dir: string) => noteChange(folder, path.dirname(dir)));
    watcher.on('ready', () => void report(folder, 'watching', null));
    watcher.on('error', (error: unknown) => void report(folder, 'error', reasonOf(error)));
  }

  async function report(folder: string, status: 'watching' | 'error', error: string | null) {
    if (!watchers.has(folder)) return;
    await repo
      .setWatchStatus(db, folder, status, error)
      .catch((failure: unknown) => log?.('could not record a watcher status', failure));
  }

  function noteChange(root: string, dir: string): void {
    let dirs = pending.get(root);
    if (!dirs) pending.set(root, (dirs = new Set()));
    dirs.add(dir);
    scheduleFlush(debounceMs);
  }

  function scheduleFlush(delayMs: number): void {
    clearTimeout(flushTimer);
    flushTimer = setTimeout(() => void flush(), delayMs);
  }

  /** Queues an import for each watched folder with changes; what cannot start yet waits. */
  async function flush(): Promise<void> {
    for (const [root, dirs] of [...pending]) {
      if (closed) return;
      // A folder that went is imported from the nearest one still there (its files removed).
      let folder = commonFolder([...dirs]);
      while (folder !== root && !(await isFolder(folder))) folder = path.dirname(folder);
      try {
        await library.importWatched(folder);
        if (pending.get(root) === dirs) pending.delete(root);
        await repo.noteWatchedChange(db, root, new Date().toISOString());
      } catch (error) {
        if (error instanceof AppError && error.code === 'import_running') {
          scheduleFlush(BUSY_RETRY_MS);
          return;
        }
        pending.delete(root);
        log?.(`the watched folder ${root} could not be imported`, error);
        await report(root, 'error', reasonOf(error));
      }
    }
  }

  const isFolder = (folder: string) =>
    fs.stat(folder).then(
      (stat) => stat.isDirectory(),
      () => false,
    );

  /** Takes or keeps the lease; the instance that holds it watches. */
  async function holdLease(): Promise<void> {
    if (!redis) return;
    try {
      // Taken when free, kept when ours (also when a reply was lost after it was taken).
      const held = (await redis.eval(HOLD_LEASE, 1, leaseKey, instanceId, LEASE_MS)) === 1;
      if (held !== leader) {
        leader = held;
        await reconcile();
      }
    } catch (error) {
      // Without Redis no instance can know it alone watches: this one stops until it is back.
      log?.('the watched folders lease could not be renewed', error);
      if (leader) {
        leader = false;
        await reconcile();
      }
    }
  }

  const service = {
    /** Starts watching (or competing for the lease, with several instances). */
    async start(): Promise<void> {
      if (!redis) {
        leader = true;
        await reconcile();
        return;
      }
      await holdLease();
      const tick = () => {
        leaseTimer = setTimeout(() => {
          if (!closed) void holdLease().finally(tick);
        }, LEASE_MS / 3);
      };
      tick();
    },

    /** The library folders, each with whether it is watched and what its watcher reports. */
    async list(actor: Actor): Promise<WatchedFolder[]> {
      assertMayImport(actor);
      const rows = new Map((await repo.watchedFolders(db)).map((row) => [row.path, row]));
      return (await library.roots()).map((folder) => {
        const row = rows.get(folder);
        return {
          path: folder,
          watch: !!row,
          status: row?.status ?? 'off',
          error: row?.error ?? null,
          last_change_at: row?.last_change_at ?? null,
        };
      });
    },

    /** Marks a library folder watched or not; the watching instance follows within a moment. */
    async setWatch(
      actor: Actor,
      by: AuditActor,
      folder: string,
      watched: boolean,
    ): Promise<WatchedFolder> {
      assertMayImport(actor);
      const resolved = await fs.realpath(path.resolve(folder)).catch(() => null);
      const roots = await library.roots();
      if (!resolved || !roots.includes(resolved)) {
        throw AppError.validation({ folder: 'Choose one of the library folders.' });
      }
      if (watched) await repo.addWatchedFolder(db, resolved);
      else await repo.removeWatchedFolder(db, resolved);
      await audit.record(by, {
        action: watched ? 'library.watch_started' : 'library.watch_stopped',
        subject: { type: 'library_folder', id: resolved },
        after: { folder: resolved },
      });
      await pubsub.publish(WATCH_CHANNEL, { folder: resolved });
      return (await service.list(actor)).find((candidate) => candidate.path === resolved)!;
    },

    /** Resolves once the watchers match the marked folders (tests wait for their start). */
    async settled(): Promise<void> {
      await reconciling;
    },

    async close(): Promise<void> {
      closed = true;
      stopListening();
      clearTimeout(flushTimer);
      clearTimeout(leaseTimer);
      await reconciling;
      await Promise.all([...watchers.values()].map((watcher) => watcher.close()));
      watchers.clear();
      if (redis && leader) {
        await redis
          .eval(
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
            1,
            leaseKey,
            instanceId,
          )
          .catch(() => undefined);
      }
    },
  };
  return service;
}

export type FolderWatchService = ReturnType<typeof createFolderWatchService>;
