import { z } from 'zod';
import { BackupError, runCommand } from './run-command.js';

/**
 * A backup is a tar archive (compressed as its name says: .tar.gz, .tar.xz, .tar.zst, or plain
 * .tar), written and read by the system's GNU tar:
 *
 *   cadenza-backup.json        what is in it (the manifest below), first, so it is read alone
 *   database/cadenza.sqlite    SQLite's online copy, or
 *   database/cadenza.pgdump    pg_dump's custom format
 *   data/…                     the state kept in DATA_DIR, as it is laid out there
 */
export const MANIFEST_MEMBER = 'cadenza-backup.json';
export const DATABASE_MEMBER = 'database';
export const DATA_MEMBER = 'data';
export const SQLITE_COPY = 'cadenza.sqlite';
export const POSTGRES_DUMP = 'cadenza.pgdump';

const missingTar = 'Install GNU tar (Debian: apt install tar).';

export const manifestSchema = z.object({
  format: z.literal('cadenza-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.discriminatedUnion('dialect', [
    z.object({ dialect: z.literal('sqlite'), bytes: z.number() }),
    z.object({
      dialect: z.literal('postgres'),
      bytes: z.number(),
      serverVersion: z.string(),
      pgDumpVersion: z.string(),
    }),
  ]),
  data: z.object({
    /** The top-level entries of DATA_DIR in the archive. */
    entries: z.array(z.string()),
    files: z.number(),
    bytes: z.number(),
    leftOut: z.array(z.string()),
  }),
  /** Uploaded files were in an S3 bucket, which the backup does not copy. */
  uploadsOnS3: z.boolean(),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/**
 * Writes the archive: the staged manifest and database copy, then DATA_DIR's entries put under
 * `data/`. Files that change or go while tar reads them (an upload being written or finished)
 * go in as they were read, or not at all; tar's warnings about them come back to be shown, not
 * as a failure, as the database copy is what the app trusts.
 */
export async function writeArchive(
  archive: string,
  options: {
    stagingDir: string;
    dataDir: string;
    dataEntries: string[];
    /** Paths under DATA_DIR (relative) never to archive: the live database files. */
    exclude: string[];
  },
): Promise<{ warnings: string }> {
  const data = options.dataEntries.length
    ? ['-C', options.dataDir, ...options.dataEntries.map((entry) => `./${entry}`)]
    : [];
  const result = await runCommand(
    'tar',
    [
      '--create',
      '--auto-compress',
      '--ignore-failed-read',
      `--file=${archive}`,
      // Only DATA_DIR's entries start with `./`; symbolic links keep their targets as they are.
      `--transform=s,^\\./,${DATA_MEMBER}/,S`,
      '--anchored',
      ...options.exclude.map((relative) => `--exclude=./${relative}`),
      '--no-anchored',
      '-C',
      options.stagingDir,
      MANIFEST_MEMBER,
      DATABASE_MEMBER,
      ...data,
    ],
    // GNU tar exits 1 when a file changed while it was read.
    { allowedCodes: [0, 1], missingHint: missingTar },
  );
  return { warnings: result.stderr };
}

export async function readManifest(archive: string): Promise<BackupManifest> {
  let text: string;
  try {
    const result = await runCommand(
      'tar',
      ['--extract', `--file=${archive}`, '--to-stdout', '--occurrence=1', MANIFEST_MEMBER],
      { missingHint: missingTar },
    );
    text = result.stdout;
  } catch (error) {
    if (!(error instanceof BackupError) || /was not found on the PATH/.test(error.message))
      throw error;
    throw new BackupError(
      `${archive} is not a Cadenza backup (it has no ${MANIFEST_MEMBER}):\n${error.message}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${archive}: its ${MANIFEST_MEMBER} is not JSON.`);
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success)
    throw new BackupError(
      `${archive}: its ${MANIFEST_MEMBER} is not one this version of Cadenza reads.`,
    );
  return manifest.data;
}

/**
 * Extracts one top-level member (a folder) of the archive into a folder, without its own name
 * (`data/storage/x` lands as `storage/x`). Files belong to whoever restores, not to the owner
 * recorded in the archive.
 */
export async function extractMember(archive: string, member: string, into: string): Promise<void> {
  await runCommand(
    'tar',
    [
      '--extract',
      `--file=${archive}`,
      '--no-same-owner',
      '-C',
      into,
      '--strip-components=1',
      member,
    ],
    { missingHint: missingTar },
  );
}
