import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  SqliteDialect,
  type LogConfig,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import type pgModule from 'pg';
import type { DatabaseConfig } from '../config.js';
import { lazily } from '../infra/lazy-require.js';
import { literalLimits } from './literal-limits.js';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';
import { statementName } from './prepared.js';
import type { Database } from './schema.js';
import { RecentlyUsed } from '../infra/recently-used.js';
import { isUnreachableSocketCode } from '../infra/unreachable.js';

// The PostgreSQL client loads only where PostgreSQL is used.
const pg = lazily<typeof pgModule>('pg');

export type Dialect = DatabaseConfig['dialect'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite database's file, which other threads open for connections of their own. */
  file?: string;
  destroy(): Promise<void>;
}

// PostgreSQL hands back Date objects and 64-bit counts as strings; SQLite gives ISO text and
// numbers. These parsers make both dialects return the same JavaScript values.
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

function pgTypes(): pgModule.CustomTypesConfig {
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
      parsers[oid] ??
      pg().types.getTypeParser(oid, format)) as pgModule.CustomTypesConfig['getTypeParser'],
  };
}

/** How many prepared SQLite statements are kept, the least recently used dropped first. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite database as Kysely sees it, with its statements prepared once per SQL text: Kysely's
 * driver prepares every query anew, which costs about as much as running a small one.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new RecentlyUsed<string, SQLite.Statement>(STATEMENT_CACHE_SIZE);
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = statements.get(text);
      // A statement still being iterated cannot run again until it is done: prepare another.
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      return statement;
    },
  };
}

/** The pool, running the statements `prepared` builds as named statements (see there). */
function withNamedStatements(pool: pgModule.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (text: unknown, values?: unknown[]) => {
        const name = typeof text === 'string' ? statementName(text) : undefined;
        if (name) return client.query({ name, text: text as string, values });
        // A cursor, or a statement of any other shape, as it is.
        return (client.query as (text: unknown, values?: unknown[]) => unknown)(text, values);
      };
      return { query, release: () => client.release() } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/**
 * Begins the statements the server runs on a clock for itself, outside any request (the change
 * feed's reads of the counts): the query log leaves them out.
 */
export const NOT_LOGGED = '/* not logged */ ';

/**
 * Appends every statement, its parameters and its milliseconds to `file` as a JSON line, in the
 * order they ran: for profiling, and for the benchmarks that replay a call's SQL on its own.
 */
function queryLogTo(file: string): LogConfig {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return (event) => {
    const { sql, parameters } = event.query;
    if (sql.startsWith(NOT_LOGGED)) return;
    const line = { sql, parameters, ms: event.queryDurationMillis, error: event.level === 'error' };
    fs.appendFileSync(file, JSON.stringify(line) + '\n');
  };
}

export function openDatabase(
  config: DatabaseConfig,
  options: {
    searchPath?: string;
    queryLog?: string;
    /** SQLite only: a connection that only reads, of a database that must already exist. */
    readonly?: boolean;
  } = {},
): Db {
  const log = options.queryLog ? { log: queryLogTo(options.queryLog) } : {};
  if (config.dialect === 'postgres') {
    const pool = new (pg().Pool)({
      connectionString: config.url,
      max: 10,
      // A server that cannot be reached fails the request in seconds, rather than holding it.
      connectionTimeoutMillis: 5_000,
      types: pgTypes(),
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // A connection the server closed (a restart) is dropped by the pool, and the next query opens
    // a new one; the query it was running, if any, fails on its own. Unheard, the error a closed
    // connection emits, idle in the pool or held between two queries, would end the process.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const kysely = new Kysely<Database>({
      dialect: new OwnSchemaPostgresDialect({ pool: withNamedStatements(pool) }),
      ...log,
    });
    return { kysely, dialect: 'postgres', destroy: () => kysely.destroy() };
  }
  const { readonly = false } = options;
  if (config.file !== ':memory:' && !readonly) {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
  }
  const sqlite = new SQLite(config.file, { readonly, fileMustExist: readonly });
  // A reader finds the database in WAL mode already: its writer set it.
  if (!readonly) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [literalLimits],
    ...log,
  });
  return {
    kysely,
    dialect: 'sqlite',
    ...(config.file === ':memory:' ? {} : { file: config.file }),
    destroy: () => kysely.destroy(),
  };
}

/**
 * The driver's own words for a connection lost, never made, or found broken when a query was
 * sent on it (the moment the server went).
 */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/**
 * Whether an error says the database is out of reach for now, rather than that a query failed:
 * the socket's codes, PostgreSQL's classes 08 (connection exception) and 57P (shut down or
 * starting), or the driver's words.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (isUnreachableSocketCode(code) || code.startsWith('08') || code.startsWith('57P'))
      return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnreachable);
  return typeof message === 'string' && UNREACHABLE_MESSAGES.test(message);
}
