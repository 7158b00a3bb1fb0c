import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Tracks marked explicit by an admin, shown with an "E" and told to Subsonic clients. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('tracks')
    .addColumn('explicit', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tracks').dropColumn('explicit').execute();
}
