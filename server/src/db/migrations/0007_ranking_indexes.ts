import type { Kysely } from 'kysely';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Indexes in the shape the rankings read them: the artists of a genre straight from the index
 * (similar artists), and tracks by plays with ties in id order (the charts), so that PostgreSQL
 * does not sort the ties.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('artist_genres_genre_artist_idx')
    .on('artist_genres')
    .columns(['genre_id', 'artist_id'])
    .execute();
  await db.schema.dropIndex('artist_genres_genre_idx').execute();
  await db.schema
    .createIndex('tracks_plays_id_idx')
    .on('tracks')
    .columns(['plays', 'id'])
    .execute();
  await db.schema.dropIndex('tracks_plays_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('tracks_plays_idx').on('tracks').column('plays').execute();
  await db.schema.dropIndex('tracks_plays_id_idx').execute();
  await db.schema
    .createIndex('artist_genres_genre_idx')
    .on('artist_genres')
    .column('genre_id')
    .execute();
  await db.schema.dropIndex('artist_genres_genre_artist_idx').execute();
}
