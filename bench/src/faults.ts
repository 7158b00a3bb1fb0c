// Faults: the fault suite (`npm run test:faults`: PostgreSQL stopped, Redis killed, S3 stopped
// and slow, SMTP refusing, the disk full, the app killed with kill -9) run under its own servers,
// and what each fault did to the traffic: requests while it lasted, how many were refused
// clearly (503 with Retry-After; 507 for a full disk), other errors (goal 0), the time until
// every kind of request succeeded again (goal < 5 s; for a killed app, its restart) and
// acknowledged writes lost (goal 0). Then the crowd the suite drives while PostgreSQL stops and
// Redis is killed, at the issue's size here (200 connections for 60 s; FAULT_LOAD_CONNECTIONS and
// FAULT_LOAD_SECONDS change it): its requests/s and the app's resident memory before and after.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface FaultFigures {
  fault: string;
  requests: number;
  unavailable: number;
  otherErrors: number;
  /** null: some kind of request never succeeded again (Infinity in JSON). */
  recoverySeconds: number | null;
  writesLost: number;
  requestsPerSecond?: number;
  memoryBeforeMb?: number;
  memoryAfterMb?: number;
  heapBeforeMb?: number;
  heapAfterMb?: number;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const asJson = process.argv.includes('--json') || process.env.BENCH_JSON === '1';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-fault-figures-'));
const file = path.join(folder, 'figures.jsonl');
// BENCH_FAULTS=disk-full,slow-storage runs those files only. The crowd runs alone, after the
// others: at full size it takes the machine, and would slow the other faults' recoveries.
const chosen =
  process.env.BENCH_FAULTS?.split(',') ??
  fs
    .readdirSync(path.join(ROOT, 'server/src/faults'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => name.replace(/\.test\.ts$/, ''));
const runs = [
  chosen.filter((name) => name !== 'under-load'),
  chosen.filter((name) => name === 'under-load'),
]
  .filter((files) => files.length > 0)
  .map((files) =>
    spawnSync(
      path.join(ROOT, 'node_modules/.bin/vitest'),
      ['run', '--project', 'faults', '--reporter', 'dot', ...files],
      {
        cwd: ROOT,
        env: {
          FAULT_LOAD_CONNECTIONS: '200',
          FAULT_LOAD_SECONDS: '60',
          ...process.env,
          FAULT_FIGURES: file,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    ),
  );
const failed = runs.find((run) => run.status !== 0);
const figures: FaultFigures[] = fs.existsSync(file)
  ? fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FaultFigures)
  : [];
fs.rmSync(folder, { recursive: true, force: true });

if (asJson) {
  for (const row of figures) console.log(JSON.stringify({ suite: 'faults', ...row }));
} else {
  console.log('\nFaults: what each did to the traffic (goals: 0 other errors, back < 5 s, 0 lost)');
  console.log(
    `  ${'fault'.padEnd(24)} ${'requests'.padStart(8)} ${'refused'.padStart(8)} ` +
      `${'errors'.padStart(7)} ${'back in'.padStart(9)} ${'lost'.padStart(5)}`,
  );
  for (const row of figures) {
    console.log(
      `  ${row.fault.padEnd(24)} ${String(row.requests).padStart(8)} ` +
        `${String(row.unavailable).padStart(8)} ${String(row.otherErrors).padStart(7)} ` +
        `${(row.recoverySeconds === null ? 'never' : `${row.recoverySeconds.toFixed(1)} s`).padStart(9)} ${String(row.writesLost).padStart(5)}`,
    );
  }
  const loads = figures.filter((row) => row.memoryBeforeMb !== undefined);
  if (loads.length > 0) {
    console.log('\nUnder load through the faults (goal: memory back to its level after)');
    for (const row of loads) {
      console.log(
        `  ${row.fault}: ${row.requestsPerSecond?.toFixed(0)} requests/s, resident memory ` +
          `${row.memoryBeforeMb?.toFixed(0)} MB before, ${row.memoryAfterMb?.toFixed(0)} MB after ` +
          `(JavaScript heap in use ${row.heapBeforeMb?.toFixed(0)} MB, ${row.heapAfterMb?.toFixed(0)} MB)`,
      );
    }
  }
}
if (failed) {
  console.error('The fault suite failed: the figures above are of the faults it got through.');
  process.exit(failed.status ?? 1);
}
