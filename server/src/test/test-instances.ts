import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { openDatabase, type Db } from '../db/database.js';
import { testConfig, testDialect } from './test-app.js';
import { emptyPostgresSchema } from './test-databases.js';

export interface TestInstances {
  apps: FastifyInstance[];
  /** A connection of the test's own to the database the instances share. */
  db: Db;
  close(): Promise<void>;
}

/**
 * Several instances of the app on one new, empty database (a schema of its own in
 * TEST_DATABASE_URL's PostgreSQL database, or one SQLite file), each with its own connections,
 * started at the same moment on PostgreSQL, as several servers sharing `DATABASE_URL` would be.
 */
export async function startTestInstances(
  count: number,
  env: Record<string, string> = {},
): Promise<TestInstances> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-instances-'));
  const config = testConfig(dataDir, env);
  let open: () => Db;
  let dropSchema = async () => {};
  if (testDialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test run');
    const empty = await emptyPostgresSchema(url);
    open = () => openDatabase({ dialect: 'postgres', url }, { searchPath: empty.schema });
    dropSchema = empty.drop;
  } else {
    const file = path.join(dataDir, 'shared.sqlite');
    open = () => openDatabase({ dialect: 'sqlite', file });
  }
  const databases = Array.from({ length: count }, open);
  const start = (db: Db) => buildApp(config, { db, announce: () => {} });
  // SQLite serves one process: its instances here start one after the other.
  const apps =
    testDialect === 'postgres'
      ? await Promise.all(databases.map(start))
      : await databases.reduce<Promise<FastifyInstance[]>>(
          async (started, db) => [...(await started), await start(db)],
          Promise.resolve([]),
        );
  const db = open();
  return {
    apps,
    db,
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all([...databases, db].map((each) => each.destroy()));
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
