import pg from 'pg';
import { BackupError, runCommand } from './run-command.js';

export interface Version {
  text: string;
  major: number;
}

const clientHint = (major: number | string) =>
  `Install PostgreSQL's client tools of version ${major} (Debian: apt install postgresql-client-${major}) ` +
  `and put their folder (/usr/lib/postgresql/${major}/bin) first on the PATH.`;

/**
 * libpq's tools take the URL without its password, which goes in PGPASSWORD: other users of the
 * machine can read a process's arguments, not its environment.
 */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `Could not connect to the PostgreSQL database of DATABASE_URL: ${(error as Error).message}`,
    );
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export function serverVersion(url: string): Promise<Version> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    const text = rows[0]!.server_version.split(' ')[0]!;
    return { text, major: Number.parseInt(text, 10) };
  });
}

/** How many tables, views and sequences the database holds outside PostgreSQL's own schemas. */
export function relationCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
         and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
    );
    return Number(rows[0]!.count);
  });
}

/** The version of pg_dump or pg_restore on the PATH. */
export async function toolVersion(tool: 'pg_dump' | 'pg_restore', serverMajor: number) {
  const { stdout } = await runCommand(tool, ['--version'], {
    missingHint: clientHint(serverMajor),
  });
  // "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)"
  const text = /\)\s+(\d+(?:\.\d+)*)/.exec(stdout)?.[1] ?? stdout.trim();
  return { text, major: Number.parseInt(text, 10) };
}

/**
 * pg_dump refuses a server newer than itself; one newer than the server works, but its archive
 * then needs a pg_restore as new. Either way the operator is told which versions met.
 */
export async function checkedDumpTool(url: string, report: (line: string) => void) {
  const server = await serverVersion(url);
  const tool = await toolVersion('pg_dump', server.major);
  if (tool.major < server.major) {
    throw new BackupError(
      `pg_dump ${tool.text} cannot dump a PostgreSQL ${server.text} server: the client tools must ` +
        `be of the server's major version (${server.major}) or newer. ${clientHint(server.major)}`,
    );
  }
  if (tool.major > server.major) {
    report(
      `Note: pg_dump ${tool.text} is newer than the server (${server.text}); restoring this ` +
        `backup needs pg_restore ${tool.major} or newer.`,
    );
  }
  return { server, tool };
}

export async function dumpDatabase(url: string, file: string): Promise<void> {
  const target = connection(url);
  // One snapshot of the whole database, taken while the app keeps writing.
  await runCommand(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, target.url],
    { env: target.env },
  );
}

/** Restores in one transaction: a failure leaves the database as empty as it was. */
export async function restoreDatabase(url: string, file: string): Promise<void> {
  const target = connection(url);
  await runCommand(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${target.url}`,
      file,
    ],
    { env: target.env },
  );
}
