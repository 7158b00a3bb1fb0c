// The framework's share of a call: the SQL the app ran for it, captured from its QUERY_LOG,
// then run straight on the same database in a process of its own (raw-sql-runner.ts).
import fs from 'node:fs';
import path from 'node:path';
import { runScript } from './child.js';
import { CONNECTIONS, DURATION, RUNS, WARMUP, type Figures } from './load.js';
import type { RawSqlJob } from './raw-sql-runner.js';

export type Statement = RawSqlJob['statements'][number];
export type DatabaseOf = RawSqlJob['database'];

/** The database the app of `dataDir` uses: DATABASE_URL when it names PostgreSQL. */
export function databaseOf(dataDir: string): DatabaseOf {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:/.test(url)
    ? { dialect: 'postgres', url }
    : { dialect: 'sqlite', file: path.join(dataDir, 'cadenza.sqlite') };
}

/**
 * The reading statements one request runs, once caches are warm: the request is made twice,
 * then once more with the log emptied. Writes (none on these calls) are left out of a replay.
 */
export async function captureQueries(
  logFile: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Statement[]> {
  for (let i = 0; i < 2; i++) await (await fetch(url, { headers })).arrayBuffer();
  fs.truncateSync(logFile);
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Statement & { error: boolean })
    .filter((line) => !line.error && /^\s*(select|with)\b/i.test(line.sql))
    .map(({ sql, parameters }) => ({ sql, parameters }));
}

function runOnce(database: DatabaseOf, statements: Statement[], seconds: number) {
  const job: RawSqlJob = { database, statements, seconds, connections: CONNECTIONS };
  return runScript<Figures>('raw-sql-runner.ts', job);
}

/** The statements run straight on the database: warm-up, then the median of BENCH_RUNS runs. */
export async function rawSql(database: DatabaseOf, statements: Statement[]): Promise<Figures> {
  if (WARMUP > 0) await runOnce(database, statements, WARMUP);
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runOnce(database, statements, DURATION));
  const sorted = [...runs].sort((a, b) => a.requests - b.requests);
  return {
    ...sorted[Math.floor(sorted.length / 2)]!,
    runs: runs.map((r) => Math.round(r.requests)),
  };
}
