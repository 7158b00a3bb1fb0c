import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import {
  DATA_MEMBER,
  DATABASE_MEMBER,
  extractMember,
  POSTGRES_DUMP,
  readManifest,
  SQLITE_COPY,
  type BackupManifest,
} from './backup-archive.js';
import { stateIn } from './data-folder.js';
import { relationCount, restoreDatabase, serverVersion, toolVersion } from './postgres-tools.js';
import { BackupError, fileCount, formatBytes } from './run-command.js';

const dialectName = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

/** Nothing is ever overwritten: every place the backup fills must hold no state yet. */
async function refuseFilledTargets(config: Config, manifest: BackupManifest) {
  const found = manifest.database.dialect;
  if (found !== config.database.dialect) {
    throw new BackupError(
      `This backup holds a ${dialectName[found]} database, and the configuration (DATABASE_URL) ` +
        `names a ${dialectName[config.database.dialect]} one: restore it to the kind of database it came from.`,
    );
  }
  const inTheWay = stateIn(config.dataDir);
  if (inTheWay.length > 0) {
    throw new BackupError(
      `DATA_DIR (${config.dataDir}) is not empty: it holds ${inTheWay.slice(0, 5).join(', ')}` +
        `${inTheWay.length > 5 ? ', …' : ''}. A restore only fills an empty folder, so that ` +
        'nothing is overwritten: move that folder away, or point DATA_DIR at a new one.',
    );
  }
  if (config.database.dialect === 'sqlite') {
    if (fs.existsSync(config.database.file))
      throw new BackupError(
        `The SQLite database ${config.database.file} already exists: a restore never overwrites ` +
          'one. Move it away, or point DATABASE_URL at a new file.',
      );
    return;
  }
  const relations = await relationCount(config.database.url);
  if (relations > 0) {
    throw new BackupError(
      `The PostgreSQL database of DATABASE_URL is not empty (${relations} tables, views or ` +
        'sequences): a restore only fills an empty database, so that nothing is overwritten. ' +
        'Create a new one (createdb) and point DATABASE_URL at it.',
    );
  }
}

async function checkedRestoreTool(
  url: string,
  dumped: Extract<BackupManifest['database'], { dialect: 'postgres' }>,
  report: (line: string) => void,
) {
  const server = await serverVersion(url);
  const tool = await toolVersion('pg_restore', server.major);
  const dumpMajor = Number.parseInt(dumped.pgDumpVersion, 10);
  if (tool.major < dumpMajor) {
    throw new BackupError(
      `pg_restore ${tool.text} cannot read a dump of pg_dump ${dumped.pgDumpVersion}: install ` +
        `PostgreSQL's client tools of version ${dumpMajor} or newer and put them first on the PATH.`,
    );
  }
  if (server.major < Number.parseInt(dumped.serverVersion, 10)) {
    report(
      `Note: the backup comes from PostgreSQL ${dumped.serverVersion} and this server is ` +
        `${server.text}; if the restore fails, restore to a server of version ` +
        `${dumped.serverVersion} or newer.`,
    );
  }
  return tool;
}

/** Moves a file, copying it when it crosses file systems. */
function moveFile(from: string, to: string) {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
  }
}

async function restoreDatabaseFile(
  config: Config,
  archive: string,
  manifest: BackupManifest,
  staging: string,
  report: (line: string) => void,
) {
  await extractMember(archive, DATABASE_MEMBER, staging);
  if (config.database.dialect === 'sqlite') {
    report(`Restoring the SQLite database to ${config.database.file}…`);
    fs.mkdirSync(path.dirname(config.database.file), { recursive: true });
    moveFile(path.join(staging, SQLITE_COPY), config.database.file);
    return;
  }
  if (manifest.database.dialect !== 'postgres') return;
  const tool = await checkedRestoreTool(config.database.url, manifest.database, report);
  report(`Restoring the PostgreSQL database with pg_restore ${tool.text}…`);
  await restoreDatabase(config.database.url, path.join(staging, POSTGRES_DUMP));
}

/**
 * Fills an empty DATA_DIR and an empty database from a backup, so the app starts from it as it
 * was. The database goes first: on PostgreSQL in one transaction, so a failure there leaves
 * everything as empty as it was.
 */
export async function restoreBackup(
  config: Config,
  archive: string,
  report: (line: string) => void,
): Promise<BackupManifest> {
  const source = path.resolve(archive);
  if (!fs.existsSync(source)) throw new BackupError(`There is no file ${source}.`);
  const manifest = await readManifest(source);
  const { database, data } = manifest;
  report(
    `Backup of ${manifest.createdAt}: a ${dialectName[database.dialect]} database ` +
      `(${formatBytes(database.bytes)}) and ${fileCount(data.files)} of DATA_DIR (${formatBytes(data.bytes)}).`,
  );
  await refuseFilledTargets(config, manifest);

  const tmp = path.join(config.dataDir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const staging = fs.mkdtempSync(path.join(tmp, 'restore-'));
  let databaseRestored = false;
  try {
    await restoreDatabaseFile(config, source, manifest, staging, report);
    databaseRestored = true;
    if (data.entries.length > 0) {
      report(`Restoring ${data.entries.join(', ')} to ${config.dataDir}…`);
      await extractMember(source, DATA_MEMBER, config.dataDir);
    }
  } catch (error) {
    if (databaseRestored)
      report(
        'The restore stopped after the database was filled: empty the database and DATA_DIR ' +
          'before trying again.',
      );
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    if (fs.readdirSync(tmp).length === 0) fs.rmdirSync(tmp);
  }
  if (manifest.uploadsOnS3)
    report(
      'Uploaded files were in an S3 bucket: they are not in the backup; the bucket keeps them.',
    );
  report(
    `Restored the database and ${fileCount(data.files)} (${formatBytes(data.bytes)}) into ` +
      `${config.dataDir}. Start the app as usual.`,
  );
  return manifest;
}
