import fs from 'node:fs';

/** The statements a query log (`QUERY_LOG`) holds, as their SQL; the log is emptied. */
export function takeStatements(log: string): string[] {
  const lines = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
  fs.writeFileSync(log, '');
  return lines.map((line) => (JSON.parse(line) as { sql: string }).sql);
}
