import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Some checks concern SQLite or a process of its own; the PostgreSQL run leaves them out.
const sqliteOnly = testDialect === 'sqlite' ? it : () => {};

describe('the database', () => {
  sqliteOnly('runs SQLite in WAL mode with foreign keys enforced', async () => {
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.db.kysely);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(
      t.db.kysely,
    );
    expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
  });

  it('enforces foreign keys on both databases', async () => {
    await expect(
      t.db.kysely.insertInto('user_roles').values({ user_id: 987654, role_id: 1 }).execute(),
    ).rejects.toThrow();
  });

  it('returns timestamps as ISO strings and counts as numbers on both databases', async () => {
    const user = await t.app.services.users.findByEmail('admin@example.com');
    expect(user?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(typeof (await t.app.services.users.count())).toBe('number');
  });

  it('records every migration it applied', async () => {
    const applied = await t.db.kysely
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect((applied as { name: string }[]).map((row) => row.name)).toContain('0001_core');
  });

  it('logs each statement with its parameters and time when QUERY_LOG names a file', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-queries-')), 'q.log');
    const logged = await createTestApp({ QUERY_LOG: file });
    try {
      fs.truncateSync(file);
      const response = await logged.app.inject({ url: '/api/v1/genres/rock' });
      expect(response.statusCode).toBe(404);
      const lines = fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { sql: string; parameters: unknown[]; ms: number });
      const genre = lines.find((line) => /from "genres"/.test(line.sql));
      expect(genre?.parameters).toContain('rock');
      expect(genre?.ms).toBeGreaterThanOrEqual(0);
    } finally {
      await logged.close();
    }
    expect(fs.existsSync(file)).toBe(true);
  });
});
