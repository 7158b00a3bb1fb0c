import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** How a channel's own page brings more items: on scroll (as before), by numbers, or simply. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('channels')
    .addColumn('paging', 'varchar(20)', (col) => col.notNull().defaultTo('infinite'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('channels').dropColumn('paging').execute();
}
