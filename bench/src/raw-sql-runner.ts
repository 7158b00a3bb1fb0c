// The raw-SQL baseline, in a process of its own: the statements one API call ran (read from the
// app's QUERY_LOG), run again straight on the same database for a while, with nothing between.
// Reads a job as JSON on standard input and prints its figures as JSON on standard output.
//
// SQLite: one connection, the statements back to back, as the app's single connection runs
// them. PostgreSQL: a pool of the app's size (10) shared by as many workers as the load
// generator's connections, each running the statements of one call after another.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { jobOf } from './child.js';

export interface RawSqlJob {
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  statements: { sql: string; parameters: unknown[] }[];
  seconds: number;
  connections: number;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
}

function figures(latencies: number[], seconds: number) {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors: 0,
  };
}

function runSqlite(job: RawSqlJob & { database: { dialect: 'sqlite' } }) {
  const db = new SQLite(job.database.file, { readonly: true });
  const statements = job.statements.map(({ sql, parameters }) => ({
    statement: db.prepare(sql),
    parameters,
  }));
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + job.seconds * 1000;
  for (let now = started; now < until;) {
    for (const { statement, parameters } of statements) statement.all(...parameters);
    const done = performance.now();
    latencies.push(done - now);
    now = done;
  }
  db.close();
  return figures(latencies, (performance.now() - started) / 1000);
}

async function runPostgres(job: RawSqlJob & { database: { dialect: 'postgres' } }) {
  const pool = new pg.Pool({ connectionString: job.database.url, max: 10 });
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + job.seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const begun = performance.now();
      for (const { sql, parameters } of job.statements) await pool.query(sql, parameters);
      latencies.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: job.connections }, worker));
  await pool.end();
  return figures(latencies, (performance.now() - started) / 1000);
}

const job = await jobOf<RawSqlJob>();
const result =
  job.database.dialect === 'sqlite'
    ? runSqlite(job as RawSqlJob & { database: { dialect: 'sqlite' } })
    : await runPostgres(job as RawSqlJob & { database: { dialect: 'postgres' } });
process.stdout.write(JSON.stringify(result) + '\n');
