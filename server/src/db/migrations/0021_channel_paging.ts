import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * How a channel's own page brings more items: on scroll (as before), by numbers, or simply; and
 * the order of a hand-filled channel's items (as placed, as before, unless chosen).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('channels')
    .addColumn('paging', 'varchar(20)', (col) => col.notNull().defaultTo('infinite'))
    .execute();
  await db.schema
    .alterTable('channels')
    .addColumn('sort', 'varchar(20)', (col) => col.notNull().defaultTo('curated'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('channels').dropColumn('sort').execute();
  await db.schema.alterTable('channels').dropColumn('paging').execute();
}
