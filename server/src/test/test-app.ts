import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Db } from '../db/database.js';
import { emptyPostgresSchema, migratedPostgresCopy, migratedSqliteCopy } from './test-databases.js';
import { TestClient } from './test-client.js';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password-1';

/** Which database this test run uses: the vitest project sets TEST_DATABASE. */
export const testDialect = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Db;
  close(): Promise<void>;
}

/** The configuration of a test's app: quiet, no demo catalogue, no web build, data in `dataDir`. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...env,
  });
}

/**
 * A fresh, migrated and seeded database with the app on top: a temporary SQLite file, or a
 * database of its own beside the PostgreSQL one TEST_DATABASE_URL names (see test-databases).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  build: Pick<BuildOptions, 'logStream'> & {
    /** A PostgreSQL server of the test's own, whatever this run's database. */
    postgresUrl?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-test-'));
  const config = testConfig(dataDir, env);

  let db: Db;
  let dropDatabase = async () => {};
  const { postgresUrl, ...buildOptions } = build;
  if (postgresUrl) {
    // A server of the test's own: an empty schema on it, migrated by the app as it starts.
    const empty = await emptyPostgresSchema(postgresUrl);
    db = openDatabase(
      { dialect: 'postgres', url: postgresUrl },
      { searchPath: empty.schema, queryLog: config.queryLog },
    );
    dropDatabase = empty.drop;
  } else if (testDialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test run');
    const copy = await migratedPostgresCopy(url);
    db = openDatabase({ dialect: 'postgres', url: copy.url }, { queryLog: config.queryLog });
    dropDatabase = copy.drop;
  } else {
    const file = path.join(dataDir, 'test.sqlite');
    await migratedSqliteCopy(file);
    db = openDatabase({ dialect: 'sqlite', file }, { queryLog: config.queryLog });
  }

  const app = await buildApp(config, { ...buildOptions, db, announce: () => {} });
  return {
    app,
    config,
    db,
    async close() {
      await app.close();
      await db.destroy();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client signed in as the admin every test app is created with. */
export async function signedInAdmin(app: FastifyInstance): Promise<TestClient> {
  const client = new TestClient(app);
  await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  return client;
}
