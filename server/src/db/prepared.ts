import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { isPostgres } from './migrations/helpers.js';
import type { Database } from './schema.js';

const PLACEHOLDER = '\u0000prepared:';

/**
 * PostgreSQL's names for the statements below, by their text. Planning them took PostgreSQL
 * longer than running them (0.3 ms of 0.6 for an artist's similar artists): named, each
 * connection parses them once and keeps their plan. Only these few are named, so the
 * statements kept on each connection stay bounded.
 */
const statementNames = new Map<string, string>();

/** The name a statement runs under on PostgreSQL, if it is one of the prepared ones. */
export function statementName(text: string): string | undefined {
  return statementNames.get(text);
}

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each parameter of the statement: the argument it takes, or null for a constant. */
  slots: (number | null)[];
}

/**
 * A statement of a fixed shape, built and compiled once per database and then run with each
 * call's values. On a small statement Kysely's building and compiling cost more than the
 * database's own work (about 25 µs of 35 on SQLite), and the hottest statements run on every
 * request.
 *
 * `build` is called once, with placeholders: each value it receives (no defaults, no rest) must
 * go into the statement as a parameter as it is, never into a branch, a list or the SQL text. A
 * value that does not come back as a parameter is refused at once.
 */
export function prepared<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const arity = build.length - 1;
  const byDatabase = new WeakMap<Kysely<Database>, Compiled<Row>>();

  function compile(db: Kysely<Database>): Compiled<Row> {
    const placeholders = Array.from({ length: arity }, (_, index) => `${PLACEHOLDER}${index}`);
    const query = build(db, ...(placeholders as Args)).compile();
    const slots = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(PLACEHOLDER)
        ? Number(value.slice(PLACEHOLDER.length))
        : null,
    );
    for (let index = 0; index < arity; index++) {
      if (!slots.includes(index))
        throw new Error(`prepared statement: argument ${index + 1} is not a parameter`);
    }
    if (isPostgres(db) && !statementNames.has(query.sql))
      statementNames.set(query.sql, `prepared_${statementNames.size + 1}`);
    return { query, slots };
  }

  return async (db, ...args) => {
    let compiled = byDatabase.get(db);
    if (!compiled) byDatabase.set(db, (compiled = compile(db)));
    const { query, slots } = compiled;
    const parameters = query.parameters.map((value, index) => {
      const slot = slots[index]!;
      return slot === null ? value : args[slot];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
