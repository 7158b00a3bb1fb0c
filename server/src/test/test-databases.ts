import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/*
 * The tests' databases. Each test's database is a copy of one migrated once, rather than
 * migrated itself: on PostgreSQL a copy of a template database takes about 0.3 s where the
 * migrations take 1.5 s, on SQLite a file copy takes a millisecond where they take 0.25 s.
 * Tests that are about migrating (instances starting on an empty database) migrate themselves.
 */

const MIGRATIONS = path.resolve(import.meta.dirname, '../db/migrations');

/** What the migrations are: a template made by other ones is never used. */
const migrationsHash = (() => {
  let hash: string | undefined;
  return () => {
    if (hash) return hash;
    const digest = crypto.createHash('sha256');
    for (const file of fs.readdirSync(MIGRATIONS).sort()) {
      digest.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
    }
    hash = digest.digest('hex').slice(0, 10);
    return hash;
  };
})();

/**
 * The databases this run's tests make beside the one TEST_DATABASE_URL names start so; a long
 * name is shortened, as PostgreSQL cuts names at 63 characters.
 */
export function postgresCopiesPrefix(url: string): string {
  const base = new URL(url).pathname.slice(1);
  const short =
    base.length <= 36
      ? base
      : `cadenza_${crypto.createHash('sha256').update(base).digest('hex').slice(0, 12)}`;
  return `${short}__test_`;
}

function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let postgresTemplate: Promise<string> | undefined;

/** The run's migrated template database, made by the first worker that needs it. */
function migratedPostgres(url: string): Promise<string> {
  postgresTemplate ??= onServer(url, async (client) => {
    const name = `${postgresCopiesPrefix(url)}tpl_${migrationsHash()}`;
    // Two workers asking at once: the second waits here and finds it made.
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const made = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (made.rowCount === 0) {
        // Made under another name and renamed once migrated: a run cut short leaves no half.
        const building = `${name}_new`;
        await client.query(`drop database if exists ${building} with (force)`);
        await client.query(`create database ${building}`);
        const db = openDatabase({ dialect: 'postgres', url: databaseUrl(url, building) });
        try {
          await migrateToLatest(db);
        } finally {
          await db.destroy();
        }
        await client.query(`alter database ${building} rename to ${name}`);
        // No connections to it, not even the autovacuum's, which would hold a copy up.
        await client.query(`alter database ${name} with is_template true allow_connections false`);
      }
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
    return name;
  });
  postgresTemplate.catch(() => (postgresTemplate = undefined));
  return postgresTemplate;
}

/** A migrated database of the test's own beside TEST_DATABASE_URL's, and how to drop it. */
export async function migratedPostgresCopy(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await migratedPostgres(url);
  const name = `${postgresCopiesPrefix(url)}t_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(url, (client) => client.query(`create database ${name} template ${template}`));
  return {
    url: databaseUrl(url, name),
    drop: () =>
      onServer(url, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/** Drops what the run's tests made beside TEST_DATABASE_URL's database: copies and templates. */
export async function dropPostgresCopies(url: string): Promise<void> {
  await onServer(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [postgresCopiesPrefix(url)],
    );
    for (const { datname } of rows) {
      await client.query(`alter database "${datname}" is_template false`);
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}

let sqliteTemplate: Promise<string> | undefined;

/** This worker's migrated SQLite file, removed when the worker ends. */
function migratedSqlite(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = path.join(
      os.tmpdir(),
      `cadenza-template-${migrationsHash()}-${process.pid}-${crypto.randomBytes(4).toString('hex')}.sqlite`,
    );
    const db = openDatabase({ dialect: 'sqlite', file });
    try {
      await migrateToLatest(db);
    } finally {
      // Closing the last connection writes the log back into the file: one file to copy.
      await db.destroy();
    }
    process.once('exit', () => fs.rmSync(file, { force: true }));
    return file;
  })();
  return sqliteTemplate;
}

/** Fills `file` with a migrated SQLite database. */
export async function migratedSqliteCopy(file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(await migratedSqlite(), file);
}

/** An empty schema of its own on `url`'s database (migrated by whoever starts on it). */
export async function emptyPostgresSchema(
  url: string,
): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(url, (client) => client.query(`create schema ${schema}`));
  return {
    schema,
    drop: () =>
      onServer(url, async (client) => {
        await client.query(`drop schema ${schema} cascade`);
      }),
  };
}
