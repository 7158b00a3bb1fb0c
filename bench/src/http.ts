// Loads the built app and a bare node:http server with the same autocannon settings, and prints
// requests/s, p50 and p99 latency for each, and the ratio app/bare.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const root = path.resolve(import.meta.dirname, '../..');

export interface Figures {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function startBare(): Promise<{ url: string; close: () => void }> {
  const body = JSON.stringify({ status: 'ok' });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

export async function startApp(
  env: Record<string, string> = {},
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-'));
  const port = 5100 + Math.floor(Math.random() * 500);
  const child: ChildProcess = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-password',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export function printTable(rows: { name: string; app: Figures; bare: Figures }[]): void {
  const fmt = (n: number) => n.toFixed(0).padStart(8);
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each\n`);
  console.log(
    'endpoint                        |  app req/s  p50 ms  p99 ms | bare req/s  p50 ms  p99 ms | app/bare',
  );
  console.log('-'.repeat(104));
  for (const { name, app, bare } of rows) {
    console.log(
      `${name.padEnd(31)} | ${fmt(app.requests)} ${fmt(app.p50)} ${fmt(app.p99)} | ${fmt(bare.requests)} ${fmt(bare.p50)} ${fmt(bare.p99)} | ${(app.requests / bare.requests).toFixed(2).padStart(8)}` +
        (app.errors ? `  (${app.errors} errors)` : ''),
    );
  }
}

async function main(): Promise<void> {
  const bare = await startBare();
  const app = await startApp({ SEED_DEMO: process.env.SEED_DEMO ?? 'false' });
  try {
    const rows = [];
    for (const [name, pathname] of [
      ['GET /api/v1/health', '/api/v1/health'],
      ['GET / (HTML + bootstrap data)', '/'],
    ] as const) {
      rows.push({ name, app: await load(app.url + pathname), bare: await load(`${bare.url}/`) });
    }
    printTable(rows);
  } finally {
    bare.close();
    await app.stop();
  }
}

if (process.argv[1] === import.meta.filename) await main();
