// Loads the built app and a bare node:http server (each in its own process) with the same load
// generator settings, and prints requests/s, p50 and p99 latency for each, and the ratio.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Client } from './client.js';
import {
  compare,
  CONNECTIONS,
  DURATION,
  GENERATOR,
  load,
  RUNS,
  WARMUP,
  type Figures,
} from './load.js';

export { load, type Figures };

const root = path.resolve(import.meta.dirname, '../..');
/** `--json` (or BENCH_JSON=1): the figures as JSON on standard output, for comparing runs. */
export const asJson = process.argv.includes('--json') || process.env.BENCH_JSON === '1';

/**
 * The bare node:http baseline, in a process of its own; `page` is served at `/page`. With
 * `headers`, it answers with those headers too; with `framework`, bare Fastify answers instead:
 * the framework's ceiling.
 */
export async function startBare(
  page?: string,
  headers?: Record<string, string>,
  framework = false,
): Promise<{ url: string; close: () => void }> {
  let pageFile: string | undefined;
  if (page !== undefined) {
    pageFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bare-')), 'page.html');
    fs.writeFileSync(pageFile, page);
  }
  const server = framework ? 'bare-fastify.mjs' : 'bare-server.mjs';
  const child = spawn(process.execPath, [path.join(import.meta.dirname, server)], {
    env: {
      ...process.env,
      ...(pageFile ? { BARE_PAGE: pageFile } : {}),
      ...(headers ? { BARE_HEADERS: JSON.stringify(headers) } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Its first line is the port it listens on.
  const lines = readline.createInterface({ input: child.stdout! });
  const [port] = await once(lines, 'line');
  lines.close();
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill('SIGTERM') };
}

/**
 * nginx from Debian serving the files of `folder` with sendfile, one worker process like the
 * app's one; null when nginx is not installed.
 */
export async function startNginx(
  folder: string,
): Promise<{ url: string; close: () => Promise<void> } | null> {
  if (spawnSync('nginx', ['-v'], { stdio: 'ignore' }).error) return null;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-nginx-'));
  const port = 5700 + Math.floor(Math.random() * 200);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${prefix}/${kind};`)
    .join(' ');
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off; master_process off; worker_processes 1;
error_log ${prefix}/error.log; pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; ${temp}
  types { audio/wav wav; audio/mpeg mp3; }
  server { listen 127.0.0.1:${port}; root ${folder}; }
}
`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}/`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** How long an app under test may take to start. */
const START_MS = 300_000;

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
  // A first start migrates and may make the demo catalogue's audio: minutes on a slow machine.
  const deadline = Date.now() + START_MS;
  const answers = () =>
    fetch(`${url}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
  while (!(await answers())) {
    if (child.exitCode !== null) throw new Error(`The app exited (code ${child.exitCode}).`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`The app did not answer ${url}/api/v1/health within ${START_MS / 1000} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
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

/** How the figures were taken, printed with every table: the tool, the runs, the machine. */
function conditions() {
  return {
    generator: GENERATOR,
    connections: CONNECTIONS,
    seconds: DURATION,
    runs: RUNS,
    warmup: WARMUP,
    cpus: os.cpus().length,
    load_average: os.loadavg().map((value) => Number(value.toFixed(2))),
  };
}

/**
 * Prints one table of figures next to their baselines (or, with `--json`, one JSON line):
 * requests/s (the median of the runs), p50 and p99 latency, and the ratio app/baseline (the
 * row's own when the two were loaded in turns, see `compare`).
 */
export function printTable(
  rows: { name: string; app: Figures; bare: Figures; ratio?: number }[],
  title = '',
): void {
  const taken = conditions();
  if (asJson) {
    console.log(JSON.stringify({ title, ...taken, at: new Date().toISOString(), rows }));
    return;
  }
  const fmt = (n: number) => n.toFixed(0).padStart(8);
  if (title) console.log(`\n${title}`);
  console.log(
    `\n${taken.generator}, ${taken.connections} connections, median of ${taken.runs} runs of ${taken.seconds} s after ${taken.warmup} s of warm-up; load average ${taken.load_average.join(' ')} on ${taken.cpus} cores\n`,
  );
  console.log(
    'endpoint                        |  app req/s  p50 ms  p99 ms |  base req/s  p50 ms  p99 ms | app/base',
  );
  console.log('-'.repeat(105));
  for (const { name, app, bare, ratio = app.requests / bare.requests } of rows) {
    console.log(
      `${name.padEnd(31)} | ${fmt(app.requests)} ${fmt(app.p50)} ${fmt(app.p99)} | ${fmt(bare.requests)} ${fmt(bare.p50)} ${fmt(bare.p99)} | ${ratio.toFixed(2).padStart(8)}` +
        (app.errors ? `  (${app.errors} errors)` : ''),
    );
  }
}

export interface GoalRow {
  name: string;
  figure: number;
  goal: string;
  met: boolean;
  detail?: string;
}

/** Figures that have a goal rather than a baseline (sizes, scores, memory), met or missed. */
export function printGoals(rows: GoalRow[], title: string): void {
  if (asJson) {
    console.log(JSON.stringify({ title, at: new Date().toISOString(), rows }));
    return;
  }
  console.log(`\n${title}\n`);
  for (const { name, figure, goal, met, detail } of rows) {
    console.log(
      `${name.padEnd(44)} ${figure.toFixed(0).padStart(6)}   goal ${goal.padEnd(7)} ${(met ? 'met' : 'MISSED').padEnd(7)} ${detail ?? ''}`,
    );
  }
}

/** Progress and one-off timings: on standard error with `--json`, so the JSON stays clean. */
export function note(message: string): void {
  if (asJson) console.error(message);
  else console.log(message);
}

/** Headers that each server writes for itself, left out of the ones bare Fastify copies. */
const PER_ANSWER_HEADERS = ['date', 'connection', 'keep-alive', 'content-length', 'content-type'];

async function main(): Promise<void> {
  const app = await startApp({ SEED_DEMO: process.env.SEED_DEMO ?? 'false' });
  // The bare servers answer the very bytes of the app's page for a guest; bare Fastify adds the
  // headers the app sends with every answer (its security headers).
  const guestPage = await (await fetch(`${app.url}/`)).text();
  const bare = await startBare(guestPage);
  const health = await fetch(`${app.url}/api/v1/health`);
  const appHeaders = Object.fromEntries(
    [...health.headers].filter(([name]) => !PER_ANSWER_HEADERS.includes(name)),
  );
  const framework = await startBare(guestPage, appHeaders, true);
  const dressed = await startBare(guestPage, appHeaders);
  // A returning guest sends the cookies of an earlier visit; a signed-in user sends theirs.
  const guest = new Client(app.url);
  await guest.send('GET', '/api/v1/bootstrap-data');
  const user = new Client(app.url);
  await user.send('GET', '/api/v1/bootstrap-data');
  await user.send('POST', '/auth/login', {
    email: 'admin@example.com',
    password: 'bench-password',
    remember: false,
  });
  // A member's page is their own, of another length than a guest's: its baseline answers its bytes.
  const memberPage = await (
    await fetch(`${app.url}/`, { headers: { cookie: user.cookieHeader } })
  ).text();
  const memberBare = await startBare(memberPage);
  try {
    // Each row loads the app and its baseline in turns (see `compare`).
    const json = { url: `${bare.url}/` };
    const page = { url: `${bare.url}/page` };
    const rows = [
      { name: 'GET /api/v1/health', ...(await compare({ url: `${app.url}/api/v1/health` }, json)) },
      { name: 'GET / (HTML + bootstrap data)', ...(await compare({ url: `${app.url}/` }, page)) },
      {
        name: 'GET / returning guest',
        ...(await compare({ url: `${app.url}/`, headers: { cookie: guest.cookieHeader } }, page)),
      },
      {
        name: 'GET / signed in',
        ...(await compare(
          { url: `${app.url}/`, headers: { cookie: user.cookieHeader } },
          { url: `${memberBare.url}/page` },
        )),
      },
    ];
    printTable(rows, 'The edge: the app next to bare node:http, each in its own process, in turns');
    printTable(
      [
        { name: 'Fastify: JSON', ...(await compare({ url: `${framework.url}/` }, json)) },
        { name: 'Fastify: the page', ...(await compare({ url: `${framework.url}/page` }, page)) },
        { name: 'node:http: JSON', ...(await compare({ url: `${dressed.url}/` }, json)) },
        { name: 'node:http: the page', ...(await compare({ url: `${dressed.url}/page` }, page)) },
      ],
      "With the app's headers: bare Fastify (the framework's ceiling), and bare node:http, next to bare node:http",
    );
  } finally {
    framework.close();
    dressed.close();
    bare.close();
    memberBare.close();
    await app.stop();
  }
}

if (process.argv[1] === import.meta.filename) await main();
