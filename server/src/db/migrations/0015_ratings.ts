import type { Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Each user's 1–5 rating of songs, albums and artists (what music apps call a user rating). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('ratings')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('rateable_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('rateable_id', 'integer', (col) => col.notNull())
    .addColumn('rating', 'smallint', (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('ratings_pk', ['user_id', 'rateable_type', 'rateable_id'])
    .execute();
  // A user's best rated first (the "highest" album list).
  await db.schema
    .createIndex('ratings_user_rating_idx')
    .on('ratings')
    .columns(['user_id', 'rateable_type', 'rating'])
    .execute();
  await db.schema
    .createIndex('ratings_item_idx')
    .on('ratings')
    .columns(['rateable_type', 'rateable_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ratings').execute();
}
