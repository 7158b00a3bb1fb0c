// `npm run bench`: every suite in turn, each in a process of its own, with the arguments given
// (`-- --json` for JSON lines). BENCH_SUITES=http,music picks some.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ALL = [
  'http',
  'music',
  'radio',
  'import',
  'notifications',
  'uploads',
  'jobs',
  'cluster',
  'browser',
  'playback',
  'faults',
];
const suites = process.env.BENCH_SUITES?.split(',') ?? ALL;
const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');

for (const suite of suites) {
  if (!ALL.includes(suite)) throw new Error(`No benchmark suite '${suite}': ${ALL.join(', ')}`);
  const file = path.join(import.meta.dirname, `${suite}.ts`);
  const result = spawnSync(tsx, [file, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
