import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './app-process.js';

/*
 * The servers a site of several instances stands on, each started privately for one test in a
 * temporary folder on a free port: PostgreSQL, and nginx with the configuration of deploy/ (Redis
 * and the S3 stand-in are the server tests' own helpers).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Service {
  url: string;
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
function program(name: string, folders: string[] = []): string {
  const found = findProgram(name, folders);
  if (!found) throw new Error(`${name} is needed for the cluster test: install it (see .ci/run)`);
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
  if (!line)
    throw new Error('running as root, the cluster test needs a postgres or nobody account');
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
export async function startPostgres(): Promise<Service> {
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
  run(pgCtl, ['-D', data, '-o', options, '-l', path.join(folder, 'log'), '-w', 'start'], account);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      spawnSync(pgCtl, ['-D', data, '-m', 'immediate', 'stop'], { ...account });
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The upstream file of deploy/ with this test's instances in place of the example's: the first
 * `server` line is the pattern (its parameters kept), one line per port.
 */
function upstreamFor(ports: number[]): string {
  const file = fs.readFileSync(path.join(ROOT, 'deploy/nginx/cadenza-upstream.conf'), 'utf8');
  const servers = [...file.matchAll(/^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm)];
  if (servers.length === 0) throw new Error('deploy/nginx/cadenza-upstream.conf lists no server');
  const [first] = servers;
  const lines = ports.map((port) => `${first![1]}server 127.0.0.1:${port}${first![2] ?? ''};\n`);
  let result = file.replace(first![0], lines.join(''));
  for (const other of servers.slice(1)) result = result.replace(other[0], '');
  return result;
}

/** The site file of deploy/, listening on this test's port instead of 80. */
function siteOn(port: number): string {
  const file = fs.readFileSync(path.join(ROOT, 'deploy/nginx/cadenza.conf'), 'utf8');
  if (!/^\s*listen 80;$/m.test(file))
    throw new Error('deploy/nginx/cadenza.conf has no listen 80;');
  return file.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

/**
 * nginx with deploy/'s configuration in front of `ports`: as Debian's nginx.conf includes them
 * (the upstream file, then the site), in a main file that keeps its pid, logs and buffers here.
 */
export async function startNginx(ports: number[]): Promise<Service & { errorLog: () => string }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-cluster-nginx-'));
  const port = await freePort();
  fs.writeFileSync(path.join(folder, 'cadenza-upstream.conf'), upstreamFor(ports));
  fs.writeFileSync(path.join(folder, 'cadenza.conf'), siteOn(port));
  const temp = (name: string) => `${name}_temp_path ${path.join(folder, name)};`;
  fs.writeFileSync(
    path.join(folder, 'nginx.conf'),
    `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${path.join(folder, 'nginx.pid')};
error_log ${path.join(folder, 'error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${path.join(folder, 'cadenza-upstream.conf')};
  include ${path.join(folder, 'cadenza.conf')};
}
`,
  );
  const nginx = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : program('nginx');
  const args = ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', 'stderr'];
  const check = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refuses the configuration: ${check.stderr}`);
  const child = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode})`);
    try {
      await fetch(`${url}/api/v1/health`);
      break;
    } catch {
      if (tries > 100) throw new Error('nginx did not listen');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    errorLog: () => fs.readFileSync(path.join(folder, 'error.log'), 'utf8'),
    async stop() {
      await stopChild(child);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
