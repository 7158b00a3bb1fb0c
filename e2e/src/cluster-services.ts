import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/test/free-port.js';
import { program } from '../../server/src/test/postgres-server.js';

/*
 * nginx with the configuration of deploy/, started privately for one test in a temporary folder
 * on a free port, in front of a site of several instances (PostgreSQL, Redis and the S3 stand-in
 * are the server tests' own helpers).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Service {
  url: string;
  stop(): Promise<void>;
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
