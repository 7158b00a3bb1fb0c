import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

/** Migrations are written once for both dialects; these helpers hide the few differences. */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** Timestamps are `timestamptz` on PostgreSQL and ISO 8601 text on SQLite. */
export function timestampType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`timestamptz` : sql`text`;
}

export function withTimestamps<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T>,
) {
  return table
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull());
}

/** Flags are stored as 0/1 integers on both databases; repos turn them into booleans. */
export const flag = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);
