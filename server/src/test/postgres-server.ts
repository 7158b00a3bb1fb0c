import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

export interface PostgresServer {
  url: string;
  /** Stops the server as a crash would, keeping its data: `resume` starts it again. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  /** Stops it for good and deletes its data. */
  stop(): Promise<void>;
}

/** A program on the PATH or in one of `folders`, if this machine has it. */
function findProgram(name: string, folders: string[] = []): string | undefined {
  const candidates = [
    ...(process.env.PATH ?? '').split(path.delimiter).map((folder) => path.join(folder, name)),
    ...folders.map((folder) => path.join(folder, name)),
  ];
  return candidates.find((file) => fs.existsSync(file));
}

/** A program on the PATH or in one of `folders`; the test cannot run without it. */
export function program(name: string, folders: string[] = []): string {
  const found = findProgram(name, folders);
  if (!found) throw new Error(`${name} is needed for this test: install it (see .ci/run)`);
  return found;
}

const postgresFolders = () =>
  fs.existsSync('/usr/lib/postgresql')
    ? fs
        .readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];

/** The programs a site of several instances stands on that this machine lacks. */
export function missingPrograms(): string[] {
  const needed: [string, string[]][] = [
    ['initdb', postgresFolders()],
    ['pg_ctl', postgresFolders()],
    ['nginx', ['/usr/sbin']],
    ['redis-server', []],
  ];
  return needed.filter(([name, folders]) => !findProgram(name, folders)).map(([name]) => name);
}

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` account (or nobody). */
function postgresAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = fs.readFileSync('/etc/passwd', 'utf8').split('\n');
  const line =
    passwd.find((entry) => entry.startsWith('postgres:')) ??
    passwd.find((entry) => entry.startsWith('nobody:'));
  if (!line) throw new Error('running as root, this test needs a postgres or nobody account');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function run(command: string, args: string[], account?: { uid: number; gid: number }) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...account });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
  }
}

/** A new PostgreSQL cluster of its own, listening on 127.0.0.1 only, with one empty database. */
export async function startPostgres(): Promise<PostgresServer> {
  const folders = postgresFolders();
  const initdb = program('initdb', folders);
  const pgCtl = program('pg_ctl', folders);
  const account = postgresAccount();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-cluster-pg-'));
  if (account) fs.chownSync(folder, account.uid, account.gid);
  const data = path.join(folder, 'data');
  const port = await freePort();
  run(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], account);
  // No durability needed for a test's database: no fsync, and a socket folder of its own.
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () =>
    run(pgCtl, ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', 'start'], account);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async halt() {
      run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'], account);
    },
    async resume() {
      start();
    },
    async stop() {
      spawnSync(pgCtl, ['-D', data, '-m', 'immediate', 'stop'], { ...account });
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
