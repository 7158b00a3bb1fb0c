import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.js';
import { isDatabaseUnreachable } from './database.js';
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

  sqliteOnly(
    'writes a whole-number LIMIT into the statement (SQLite prepares a bound one anew each run)',
    async () => {
      await createUser(t.app);
      await createUser(t.app);
      const users = t.db.kysely.selectFrom('users').select('id').orderBy('id');
      const written = users.limit(2).offset(1).compile();
      expect(written.sql).toMatch(/ limit 2 offset \?$/);
      expect(written.parameters).toEqual([1]);
      const all = await users.execute();
      expect(all.length).toBeGreaterThanOrEqual(3);
      expect(await users.limit(2).offset(1).execute()).toEqual(all.slice(1, 3));
      // Anything but a whole number stays a parameter.
      expect(users.limit(sql<number>`1 + 1`).compile().sql).toMatch(/ limit 1 \+ 1$/);
      expect(users.limit('x' as unknown as number).compile().parameters).toEqual(['x']);
    },
  );

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

describe('telling an unreachable database from a failed query', () => {
  it('knows the driver’s and the server’s words for a connection gone, and nothing else', () => {
    const withCode = (code: string) => Object.assign(new Error('failed'), { code });
    for (const unreachable of [
      withCode('ECONNREFUSED'),
      withCode('57P01'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Client was closed and is not queryable'),
      new AggregateError([withCode('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnreachable(unreachable), String(unreachable)).toBe(true);
    }
    for (const failed of [withCode('23505'), withCode('42601'), new Error('no such table')]) {
      expect(isDatabaseUnreachable(failed), String(failed)).toBe(false);
    }
  });
});
