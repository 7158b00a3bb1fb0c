import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Which browser and system each play came from, for the reports (devices were kept already). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('plays').addColumn('browser', 'varchar(50)').execute();
  await db.schema.alterTable('plays').addColumn('platform', 'varchar(50)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('plays').dropColumn('platform').execute();
  await db.schema.alterTable('plays').dropColumn('browser').execute();
}
