import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The orders music apps browse in: albums by name, by when they were added, by year. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('albums_name_idx').on('albums').columns(['name', 'id']).execute();
  await db.schema
    .createIndex('albums_created_idx')
    .on('albums')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.createIndex('albums_year_idx').on('albums').columns(['year', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of ['albums_name_idx', 'albums_created_idx', 'albums_year_idx']) {
    await db.schema.dropIndex(index).execute();
  }
}
