// The load generator, always in a process of its own so that it never shares a thread with a
// server under test: Debian's wrk when installed, else autocannon's command line. Each figure
// is the median of BENCH_RUNS runs (3) after a warm-up (BENCH_WARMUP seconds, 2).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

export interface Figures {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests per second of every run, the median one reported above. */
  runs?: number[];
}

const wrkFound = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
export const GENERATOR = process.env.BENCH_GENERATOR ?? (wrkFound ? 'wrk' : 'autocannon');

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} failed: ${err || out}`)),
    );
  });
}

/** wrk's latency in milliseconds from its text: 375.00us, 9.73ms, 1.20s. */
function millis(text: string): number {
  const match = /([\d.]+)(us|ms|s)/.exec(text);
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

async function wrk(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = CONNECTIONS,
) {
  // One thread per two cores: wrk's threads otherwise take turns on the cores with the server
  // under test, and the latency they record grows a tail that is the scheduler's, not the
  // server's. One thread still drives a bare node:http server at full speed.
  const threads = String(Math.max(1, Math.floor(os.cpus().length / 2)));
  const args = ['-t', threads, '-c', String(connections), '-d', `${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const out = await run('wrk', [...args, url]);
  const errors =
    Number(/Non-2xx or 3xx responses:\s*(\d+)/.exec(out)?.[1] ?? 0) +
    [...(/Socket errors:([^\n]*)/.exec(out)?.[1] ?? '').matchAll(/(\d+)/g)].reduce(
      (sum, [n]) => sum + Number(n),
      0,
    );
  return {
    requests: Number(/Requests\/sec:\s*([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: millis(/^\s*50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    p99: millis(/^\s*99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    errors,
  };
}

const autocannonBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')),
  'autocannon.js',
);

async function autocannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = CONNECTIONS,
) {
  const args = [autocannonBin, '-c', String(connections), '-d', String(seconds), '-j'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const result = JSON.parse(await run(process.execPath, [...args, url])) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const once = (
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = CONNECTIONS,
): Promise<Figures> =>
  GENERATOR === 'wrk'
    ? wrk(url, headers, seconds, connections)
    : autocannon(url, headers, seconds, connections);

/** One run of `seconds` with `connections` at once, no warm-up: load for its own sake. */
export const burst = (url: string, seconds: number, connections: number) =>
  once(url, {}, seconds, connections);

/** Warms the server up, then loads it BENCH_RUNS times; the run with the median throughput. */
export async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  if (WARMUP > 0) await once(url, headers, WARMUP);
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(url, headers, DURATION));
  return medianOf(runs);
}

/** A server to load: an address, and the headers each request carries. */
export interface Target {
  url: string;
  headers?: Record<string, string>;
}

/** Figures of a server and its baseline taken in turns, with the median of their ratios. */
export interface Compared {
  app: Figures;
  bare: Figures;
  /** The median of each round's requests/s of the app over the baseline's. */
  ratio: number;
}

/** Seconds of each turn when a server and its baseline are loaded in turns (`compare`). */
export const SLICE = Math.min(DURATION, Number(process.env.BENCH_SLICE ?? 2));

/**
 * The app and its baseline loaded in turns rather than one after the other: each warmed up, then
 * BENCH_RUNS rounds. A round's run of BENCH_DURATION seconds is taken in turns of BENCH_SLICE
 * seconds (2) with the baseline's, the order swapped every turn, so a machine whose speed drifts
 * (shared cores, the CPU's clock) weighs on both alike; the ratio is the median of the rounds'
 * own. Run apart, the baseline moved by half between the app's figure and its own on the machines
 * measured so far, and in turns of 10 s a round's ratio still moved by a fifth.
 */
export async function compare(app: Target, base: Target): Promise<Compared> {
  if (WARMUP > 0) {
    await once(app.url, app.headers ?? {}, WARMUP);
    await once(base.url, base.headers ?? {}, WARMUP);
  }
  const appRuns: Figures[] = [];
  const baseRuns: Figures[] = [];
  const turns = Math.max(1, Math.round(DURATION / SLICE));
  for (let round = 0; round < RUNS; round++) {
    const appTurns: Figures[] = [];
    const baseTurns: Figures[] = [];
    for (let turn = 0; turn < turns; turn++) {
      const order = (round * turns + turn) % 2 === 0 ? [app, base] : [base, app];
      for (const target of order) {
        const figures = await once(target.url, target.headers ?? {}, SLICE);
        (target === app ? appTurns : baseTurns).push(figures);
      }
    }
    appRuns.push(joined(appTurns));
    baseRuns.push(joined(baseTurns));
  }
  const ratios = appRuns.map((figures, round) => figures.requests / baseRuns[round]!.requests);
  return { app: medianOf(appRuns), bare: medianOf(baseRuns), ratio: median(ratios) };
}

/**
 * One run made of turns of equal length: its requests/s over all of them, the median turn's p50
 * and the slowest turn's p99 (the p99 of the whole run lies between the turns' own).
 */
function joined(turns: Figures[]): Figures {
  return {
    requests: turns.reduce((sum, figures) => sum + figures.requests, 0) / turns.length,
    p50: median(turns.map((figures) => figures.p50)),
    p99: Math.max(...turns.map((figures) => figures.p99)),
    errors: turns.reduce((sum, figures) => sum + figures.errors, 0),
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The run with the median throughput, with the errors of all and every run's requests/s. */
function medianOf(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.requests - b.requests);
  return {
    ...sorted[Math.floor(sorted.length / 2)]!,
    errors: runs.reduce((sum, figures) => sum + figures.errors, 0),
    runs: runs.map((figures) => Math.round(figures.requests)),
  };
}

/**
 * Waits until the app has worked through what a load left queued (requests wrk gave up on are
 * still answered), so that the next figure is its own: until health answers within 20 ms.
 */
export async function settle(appUrl: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const started = performance.now();
    await (await fetch(`${appUrl}/api/v1/health`)).arrayBuffer();
    if (performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
