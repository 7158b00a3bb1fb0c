import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './test-app.js';

/** A statement as the query log (`QUERY_LOG`) holds it. */
export interface LoggedStatement {
  sql: string;
  parameters: unknown[];
}

/** The statements a query log holds, with their parameters; the log is emptied. */
export function takeLogged(log: string): LoggedStatement[] {
  const lines = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
  fs.writeFileSync(log, '');
  return lines.map((line) => JSON.parse(line) as LoggedStatement);
}

/** The statements a query log holds, as their SQL; the log is emptied. */
export function takeStatements(log: string): string[] {
  return takeLogged(log).map(({ sql }) => sql);
}

/** A test app that logs its statements to a file of its own. */
export type LoggedTestApp = TestApp & { log: string };

export async function createLoggedTestApp(): Promise<LoggedTestApp> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-queries-'));
  const log = path.join(folder, 'queries.log');
  const t = await createTestApp({ QUERY_LOG: log });
  return {
    ...t,
    log,
    async close() {
      await t.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
