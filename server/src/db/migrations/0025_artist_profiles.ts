import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** What an artist shows of themselves beyond a picture: a wide header image and a location. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('artists').addColumn('header_image', 'varchar(500)').execute();
  await db.schema.alterTable('artists').addColumn('location', 'varchar(255)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('artists').dropColumn('location').execute();
  await db.schema.alterTable('artists').dropColumn('header_image').execute();
}
