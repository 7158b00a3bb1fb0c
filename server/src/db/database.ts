import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = DatabaseConfig['dialect'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// PostgreSQL hands back Date objects and 64-bit counts as strings; SQLite gives ISO text and
// numbers. These parsers make both dialects return the same JavaScript values.
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

function pgTypes(): pg.CustomTypesConfig {
  const toIso = (value: string) =>
    new Date(value.includes('+') || value.endsWith('Z') ? value : `${value}Z`).toISOString();
  const parsers: Record<number, (value: string) => unknown> = {
    [PG_TIMESTAMPTZ]: toIso,
    [PG_TIMESTAMP]: toIso,
    [PG_INT8]: Number,
    [PG_NUMERIC]: Number,
  };
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      parsers[oid] ?? pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
  };
}

export function openDatabase(config: DatabaseConfig, options: { searchPath?: string } = {}): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      types: pgTypes(),
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', destroy: () => kysely.destroy() };
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', destroy: () => kysely.destroy() };
}
