import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * What in DATA_DIR is not state, so neither backed up nor in the way of a restore: the error
 * log, temporary files (unfinished form uploads, a restore's own staging), the drop folder of
 * mail sent without SMTP, and a file system's own lost+found. Everything else is kept, so a
 * folder a new feature adds is backed up from its first day.
 */
export const NOT_STATE = ['logs', 'tmp', 'mail', 'lost+found'];

/** SQLite's files beside the database: the backup copies the database through SQLite itself. */
const SQLITE_COMPANIONS = ['', '-wal', '-shm', '-journal'];

/** The SQLite files under DATA_DIR, relative to it, which tar must leave to the online copy. */
export function liveDatabaseFiles(config: Config): string[] {
  if (config.database.dialect !== 'sqlite') return [];
  const relative = path.relative(config.dataDir, path.resolve(config.database.file));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return [];
  return SQLITE_COMPANIONS.map((suffix) => relative + suffix);
}

/** The top-level entries of DATA_DIR to archive, by name. */
export function stateEntries(config: Config): string[] {
  if (!fs.existsSync(config.dataDir)) return [];
  const live = new Set(liveDatabaseFiles(config));
  return fs
    .readdirSync(config.dataDir)
    .filter((name) => !NOT_STATE.includes(name) && !live.has(name))
    .sort();
}

/** How many files, and how many bytes, the entries hold (links count as files, not followed). */
export function measure(
  dataDir: string,
  entries: string[],
  skip: string[] = [],
): { files: number; bytes: number } {
  const skipped = new Set(skip.map((relative) => path.join(dataDir, relative)));
  let files = 0;
  let bytes = 0;
  const visit = (target: string) => {
    if (skipped.has(target)) return;
    const stat = fs.lstatSync(target, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(target)) visit(path.join(target, name));
      return;
    }
    files++;
    bytes += stat.isFile() ? stat.size : 0;
  };
  for (const entry of entries) visit(path.join(dataDir, entry));
  return { files, bytes };
}

/** What keeps a folder from taking a restore: anything but what is not state. */
export function stateIn(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).filter((name) => !NOT_STATE.includes(name));
}
