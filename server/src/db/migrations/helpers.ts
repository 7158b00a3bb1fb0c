import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
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

/**
 * A count kept beside what it counts by triggers on the counted table, on both databases, so
 * that every way rows come and go (an edit, a deletion, a cascade) keeps it exact.
 */
export interface Counter {
  /** Names the triggers (and, on PostgreSQL, their functions). */
  name: string;
  table: string;
  /** The statements run for each row added (`row` is `new`) and removed (`row` is `old`). */
  add: (row: RawBuilder<unknown>) => RawBuilder<unknown>;
  remove: (row: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** The column whose change moves the row from one count to another (a track's album). */
  movedBy?: string;
}

const NEW = sql.raw('new');
const OLD = sql.raw('old');
const triggerNames = (c: Counter) => ({
  added: sql.id(`${c.name}_ai`),
  removed: sql.id(`${c.name}_ad`),
  moved: sql.id(`${c.name}_au`),
});

export async function createCounterTriggers(db: Kysely<unknown>, c: Counter): Promise<void> {
  const { added, removed, moved } = triggerNames(c);
  const table = sql.id(c.table);
  const movedBy = c.movedBy ? sql.id(c.movedBy) : null;
  if (!isPostgres(db)) {
    await sql`create trigger ${added} after insert on ${table} begin
        ${c.add(NEW)};
      end`.execute(db);
    await sql`create trigger ${removed} after delete on ${table} begin
        ${c.remove(OLD)};
      end`.execute(db);
    if (!movedBy) return;
    await sql`create trigger ${moved} after update of ${movedBy} on ${table}
      when new.${movedBy} is not old.${movedBy} begin
        ${c.remove(OLD)};
        ${c.add(NEW)};
      end`.execute(db);
    return;
  }
  const functions = [
    [added, sql`after insert`, sql`${c.add(NEW)};`],
    [removed, sql`after delete`, sql`${c.remove(OLD)};`],
  ] as const;
  for (const [name, event, body] of functions) {
    await sql`create function ${name}() returns trigger language plpgsql as $$
      begin
        ${body}
        return null;
      end $$`.execute(db);
    await sql`create trigger ${name} ${event} on ${table}
      for each row execute function ${name}()`.execute(db);
  }
  if (!movedBy) return;
  await sql`create function ${moved}() returns trigger language plpgsql as $$
    begin
      ${c.remove(OLD)};
      ${c.add(NEW)};
      return null;
    end $$`.execute(db);
  await sql`create trigger ${moved} after update of ${movedBy} on ${table}
    for each row when (new.${movedBy} is distinct from old.${movedBy})
    execute function ${moved}()`.execute(db);
}

export async function dropCounterTriggers(db: Kysely<unknown>, c: Counter): Promise<void> {
  const { added, removed, moved } = triggerNames(c);
  for (const name of c.movedBy ? [added, removed, moved] : [added, removed]) {
    // On PostgreSQL, dropping a trigger's function drops the trigger with it.
    const drop = isPostgres(db) ? sql`drop function ${name} cascade` : sql`drop trigger ${name}`;
    await drop.execute(db);
  }
}
