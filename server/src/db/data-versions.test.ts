import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { dataVersion } from './data-versions.js';

describe('reading the counts of changes', () => {
  let t: TestApp;
  let folder: string;
  let log: string;
  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-versions-'));
    log = path.join(folder, 'queries.log');
    t = await createTestApp({ QUERY_LOG: log });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const countReads = () => {
    const text = fs.readFileSync(log, 'utf8');
    fs.writeFileSync(log, '');
    return text.split('\n').filter((line) => line.includes('data_versions')).length;
  };

  it('asks the database once for every count asked for in the same turn', async () => {
    const db = t.db.kysely;
    countReads();
    const [catalogue, access, again] = await Promise.all([
      dataVersion(db, 'catalogue'),
      dataVersion(db, 'access'),
      dataVersion(db, 'catalogue'),
    ]);
    expect(countReads()).toBe(1);
    expect(again).toBe(catalogue);
    expect(Number(catalogue)).toBeGreaterThan(0);
    expect(Number(access)).toBeGreaterThan(0);

    await dataVersion(db, 'catalogue');
    await dataVersion(db, 'catalogue');
    expect(countReads()).toBe(2);
  });

  it('sees a change made before it was asked for', async () => {
    const db = t.db.kysely;
    const before = Number(await dataVersion(db, 'catalogue'));
    const now = new Date().toISOString();
    await db
      .insertInto('genres')
      .values({ name: 'counted', display_name: 'Counted', created_at: now, updated_at: now })
      .execute();
    expect(Number(await dataVersion(db, 'catalogue'))).toBeGreaterThan(before);
    const access = Number(await dataVersion(db, 'access'));
    await db.updateTable('roles').set({ description: 'Counted' }).execute();
    expect(Number(await dataVersion(db, 'access'))).toBeGreaterThan(access);
  });
});
