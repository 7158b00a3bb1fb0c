// Several instances as one site: the music calls and the guest page through nginx (deploy/'s
// configuration) in front of one instance, and in front of two, on one PostgreSQL and one Redis
// of the run's own, measured in turns in the same run. Every figure is printed with the load
// average before and after it and how busy the machine's cores were meanwhile: on a machine of
// few cores the load generator, nginx, PostgreSQL and the instances all take turns on them.
// BENCH_TRACKS sets the catalogue size (default 20000).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRedisServer } from '../../server/src/test/redis-server.js';
import { instancePorts, startInstances, type Instance } from '../../e2e/src/cluster-instances.js';
import { startNginx, type Service } from '../../e2e/src/cluster-services.js';
import { missingPrograms, startPostgres } from '../../server/src/test/postgres-server.js';
import { asJson, note } from './http.js';
import {
  CONNECTIONS,
  DURATION,
  GENERATOR,
  load,
  RUNS,
  settle,
  WARMUP,
  type Figures,
} from './load.js';
import { adminToken, musicCalls, seed, type MusicCall } from './music.js';

const TRACKS = Number(process.env.BENCH_TRACKS ?? 20_000);
const PLAYS = Number(process.env.BENCH_PLAYS ?? TRACKS * 2);

/** The cores' busy and total time so far, summed over every core. */
function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

const TICKS_PER_SECOND = Number(
  spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim() || 100,
);

/** The CPU seconds the processes have used so far (from /proc; NaN where there is none). */
function cpuSecondsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis; utime and stime are 14th and 15th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return NaN;
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** One site's figures for one call, with what the machine did meanwhile. */
interface Measured extends Figures {
  instances: number;
  /** The 1-minute load average just before the load, and just after. */
  loadBefore: number;
  loadAfter: number;
  /** Of the machine's cores' time during the load, the share that was busy, 0 to 1. */
  cpuBusy: number;
  /** The cores the instances kept busy during the load, on average (1 = one core throughout). */
  appCores: number;
}

async function measure(site: Site, call: MusicCall, appPids: number[]): Promise<Measured> {
  await settle(site.url);
  const loadBefore = os.loadavg()[0]!;
  const cpuBefore = cpuTimes();
  const appBefore = cpuSecondsOf(appPids);
  const started = performance.now();
  const figures = await load(site.url + call.path, call.headers);
  const seconds = (performance.now() - started) / 1000;
  const appSeconds = cpuSecondsOf(appPids) - appBefore;
  const cpuAfter = cpuTimes();
  return {
    ...figures,
    instances: site.instances,
    loadBefore,
    loadAfter: os.loadavg()[0]!,
    cpuBusy: (cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total),
    appCores: appSeconds / seconds,
  };
}

interface Site {
  instances: number;
  /** nginx in front of the site's instances. */
  url: string;
}

interface Row {
  name: string;
  one: Measured;
  two: Measured;
}

function printRows(rows: Row[], title: string, conclusion: string): void {
  const conditions = {
    generator: GENERATOR,
    connections: CONNECTIONS,
    seconds: DURATION,
    runs: RUNS,
    warmup: WARMUP,
    cpus: os.cpus().length,
    tracks: TRACKS,
  };
  if (asJson) {
    console.log(
      JSON.stringify({ title, ...conditions, at: new Date().toISOString(), rows, conclusion }),
    );
    return;
  }
  console.log(`\n${title}\n`);
  console.log(
    `${conditions.generator}, ${conditions.connections} connections, median of ${conditions.runs} runs of ${conditions.seconds} s after ${conditions.warmup} s of warm-up, ${conditions.cpus} cores; each call on one site then the other, the order swapped every call. Cores busy: the machine's, every process; app cores: the instances' own CPU time, in cores\n`,
  );
  console.log(
    'call                        inst.    req/s  p50 ms  p99 ms  cores busy  app cores  load avg before → after',
  );
  console.log('-'.repeat(107));
  const fmt = (n: number, width = 8) => n.toFixed(0).padStart(width);
  for (const { name, one, two } of rows) {
    for (const [label, figures] of [
      [name, one],
      ['', two],
    ] as const) {
      console.log(
        `${label.slice(0, 28).padEnd(28)} ${String(figures.instances).padStart(4)} ${fmt(figures.requests)} ${fmt(figures.p50, 7)} ${fmt(figures.p99, 7)} ${`${(figures.cpuBusy * 100).toFixed(0)} %`.padStart(11)} ${figures.appCores.toFixed(2).padStart(10)}  ${figures.loadBefore.toFixed(2).padStart(6)} → ${figures.loadAfter.toFixed(2)}` +
          (figures.errors ? `  (${figures.errors} errors)` : ''),
      );
    }
    console.log(
      `${''.padEnd(28)} 2/1  ${(two.requests / one.requests).toFixed(2).padStart(7)} ${(two.p50 / one.p50).toFixed(2).padStart(7)} ${(two.p99 / one.p99).toFixed(2).padStart(7)}`,
    );
  }
  console.log(`\n${conclusion}`);
}

/** What the figures show, in words, from the figures themselves. */
function verdict(rows: Row[]): string {
  const ratios = rows.map(({ one, two }) => two.requests / one.requests).sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)]!;
  const mean = (site: 'one' | 'two', figure: 'cpuBusy' | 'appCores') =>
    rows.reduce((sum, row) => sum + row[site][figure], 0) / rows.length;
  const busy = (site: 'one' | 'two') => `${(mean(site, 'cpuBusy') * 100).toFixed(0)} %`;
  const app = (site: 'one' | 'two') => mean(site, 'appCores').toFixed(2);
  const cores = os.cpus().length;
  return (
    `Two instances answered ${median.toFixed(2)} times the requests of one (the median of the ` +
    `calls; ${ratios[0]!.toFixed(2)} to ${ratios.at(-1)!.toFixed(2)}). The machine's ${cores} cores ` +
    `were ${busy('one')} busy with one instance and ${busy('two')} with two, of which the ` +
    `instances took ${app('one')} and ${app('two')} cores: the load generator, nginx, PostgreSQL ` +
    `and Redis run on the same cores and take the rest, so ` +
    (mean('one', 'cpuBusy') >= 0.9
      ? 'one instance already left no idle core for a second to use. These figures show what ' +
        'sharing the same cores between two processes costs or gains, not how a site grows with ' +
        'machines: throughput grows with instances that have cores of their own.'
      : 'a second instance had idle time to use; the ratio above is how far it went.')
  );
}

async function main(): Promise<void> {
  const missing = missingPrograms();
  if (missing.length > 0) {
    note(`The cluster suite is left out: this machine has no ${missing.join(', ')}.`);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-cluster-'));
  let postgres: Service | undefined;
  let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
  const proxies: Service[] = [];
  let instances: Instance[] = [];
  try {
    [postgres, redis] = await Promise.all([startPostgres(), startRedisServer()]);
    const started = performance.now();
    seed({ DATA_DIR: dataDir, DATABASE_URL: postgres.url }, TRACKS, PLAYS);
    note(`Seeded on PostgreSQL in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    const ports = await instancePorts(2);
    // Both sites at once: the same first instance behind either proxy, the second idle while
    // the site of one is loaded.
    const one = await startNginx(ports.slice(0, 1));
    proxies.push(one);
    const two = await startNginx(ports);
    proxies.push(two);
    instances = await startInstances(ports, {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      APP_KEY: crypto.randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      APP_URL: two.url,
      TRUST_PROXY: '127.0.0.1',
      ADMIN_PASSWORD: 'bench-password',
      SEED_DEMO: 'false',
    });
    const appPids = instances.map((instance) => instance.child.pid!);
    const sites: [Site, Site] = [
      { instances: 1, url: one.url },
      { instances: 2, url: two.url },
    ];

    const { token } = await adminToken(two.url);
    const { calls: all } = await musicCalls(two.url, { authorization: `Bearer ${token}` });
    const pick = (name: string): MusicCall => {
      const call = all.find((c) => c.name === name || c.name.startsWith(`${name} `));
      if (!call) throw new Error(`The music suite has no call '${name}'`);
      return call;
    };
    // A track as its page asks for it: the top track's.
    const top = (await (await fetch(`${two.url}/api/v1/tracks/top?perPage=1`)).json()) as {
      pagination: { data: { id: number }[] };
    };
    // The calls that stand for the rest: the first page, then found, opened, listened to.
    const calls: MusicCall[] = [
      { name: 'guest page (GET /)', path: '/' },
      pick('search prefix'),
      pick('artist page'),
      pick('album page'),
      { name: 'track page', path: `/api/v1/tracks/${top.pagination.data[0]!.id}` },
      pick('top 50 tracks'),
      pick('playlist of 5,000 tracks'),
    ];

    const rows: Row[] = [];
    for (const [index, call] of calls.entries()) {
      // The order swapped every call, so that neither site always meets the warmer machine.
      const order = index % 2 === 0 ? sites : ([sites[1], sites[0]] as const);
      const figures = new Map<number, Measured>();
      for (const site of order) figures.set(site.instances, await measure(site, call, appPids));
      rows.push({ name: call.name, one: figures.get(1)!, two: figures.get(2)! });
    }
    printRows(
      rows,
      `One instance against two behind nginx, on one PostgreSQL and Redis, ${TRACKS} tracks`,
      verdict(rows),
    );
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await Promise.all([redis?.stop(), postgres?.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
