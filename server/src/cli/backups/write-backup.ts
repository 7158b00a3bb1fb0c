import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../../config.js';
import {
  DATABASE_MEMBER,
  MANIFEST_MEMBER,
  POSTGRES_DUMP,
  SQLITE_COPY,
  writeArchive,
  type BackupManifest,
} from './backup-archive.js';
import { liveDatabaseFiles, measure, NOT_STATE, stateEntries } from './data-folder.js';
import { checkedDumpTool, dumpDatabase } from './postgres-tools.js';
import { BackupError, fileCount, formatBytes } from './run-command.js';

export interface BackupSummary {
  archive: string;
  bytes: number;
  manifest: BackupManifest;
}

const ALL_PAGES = 0x7fffffff;

/**
 * SQLite's online backup from a connection of its own: the copy is one consistent state of the
 * database while the app goes on reading and writing it.
 */
async function copySqlite(file: string, into: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no SQLite database at ${file}.`);
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    // Every remaining page in the next step: in WAL mode one step copies a single snapshot
    // without holding writers up, where small steps would start over each time the app writes.
    await source.backup(into, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
}

async function copyDatabase(
  config: Config,
  into: string,
  report: (line: string) => void,
): Promise<BackupManifest['database']> {
  if (config.database.dialect === 'sqlite') {
    report(`Copying the SQLite database ${config.database.file}…`);
    const file = path.join(into, SQLITE_COPY);
    await copySqlite(config.database.file, file);
    return { dialect: 'sqlite', bytes: fs.statSync(file).size };
  }
  const { server, tool } = await checkedDumpTool(config.database.url, report);
  report(`Dumping the PostgreSQL ${server.text} database with pg_dump ${tool.text}…`);
  const file = path.join(into, POSTGRES_DUMP);
  await dumpDatabase(config.database.url, file);
  return {
    dialect: 'postgres',
    bytes: fs.statSync(file).size,
    serverVersion: server.text,
    pgDumpVersion: tool.text,
  };
}

/**
 * Writes one archive of the database and DATA_DIR's state while the app runs. The archive gets
 * its name only once complete, so a failed run never leaves a file that looks like a backup.
 */
export async function writeBackup(
  config: Config,
  archive: string,
  report: (line: string) => void,
): Promise<BackupSummary> {
  const target = path.resolve(archive);
  if (fs.existsSync(target))
    throw new BackupError(`${target} already exists: choose another name or remove it first.`);
  const folder = path.dirname(target);
  if (!fs.existsSync(folder)) throw new BackupError(`The folder ${folder} does not exist.`);
  const inside = path.relative(config.dataDir, target);
  if (!inside.startsWith('..') && !path.isAbsolute(inside))
    throw new BackupError(
      `Write the backup outside DATA_DIR (${config.dataDir}): there, each backup would hold the ` +
        'ones before it, and a restore would find the folder taken.',
    );

  // Staged beside the archive: the operator chose that disk for it, and the name keeps tar's
  // choice of compression.
  const partial = path.join(folder, `.partial-${path.basename(target)}`);
  const staging = fs.mkdtempSync(path.join(folder, '.cadenza-backup-'));
  try {
    fs.mkdirSync(path.join(staging, DATABASE_MEMBER));
    const database = await copyDatabase(config, path.join(staging, DATABASE_MEMBER), report);
    report(`  database: ${formatBytes(database.bytes)}`);

    const entries = stateEntries(config);
    const live = liveDatabaseFiles(config);
    const data = measure(config.dataDir, entries, live);
    const leftOut = NOT_STATE.filter((name) => fs.existsSync(path.join(config.dataDir, name)));
    report(
      `Archiving ${config.dataDir}: ${entries.join(', ') || 'nothing'} ` +
        `(${fileCount(data.files)}, ${formatBytes(data.bytes)})` +
        (leftOut.length ? `; left out as no state: ${leftOut.join(', ')}` : ''),
    );
    const uploadsOnS3 = config.s3 !== undefined;
    if (config.s3) {
      report(
        `Uploaded files in the S3 bucket ${config.s3.bucket} are not copied: back the bucket up ` +
          'with its own versioning or replication. The database and DATA_DIR are in the archive.',
      );
    }
    if (config.appKey !== undefined) {
      report(
        'APP_KEY comes from the environment, so it is not in the backup: keep it beside it. The ' +
          'restored site needs the same APP_KEY to read what is sealed with it (two-factor ' +
          'secrets, music-app passwords).',
      );
    }
    const manifest: BackupManifest = {
      format: 'cadenza-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database,
      data: { entries, ...data, leftOut },
      uploadsOnS3,
    };
    fs.writeFileSync(path.join(staging, MANIFEST_MEMBER), JSON.stringify(manifest, null, 2));

    const { warnings } = await writeArchive(partial, {
      stagingDir: staging,
      dataDir: config.dataDir,
      dataEntries: entries,
      exclude: live,
    });
    if (warnings)
      report(`Files that changed or went while they were read, as tar saw them:\n${warnings}`);
    fs.renameSync(partial, target);
    const bytes = fs.statSync(target).size;
    report(`Wrote ${target}: ${formatBytes(bytes)}.`);
    return { archive: target, bytes, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}
