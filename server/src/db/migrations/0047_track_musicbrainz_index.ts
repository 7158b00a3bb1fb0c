import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Imported playlists find their tracks by MusicBrainz recording id (XSPF and JSPF carry it as an
 * identifier): without an index each entry would read the whole `tracks` table.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('tracks_musicbrainz_idx')
    .on('tracks')
    .column('musicbrainz_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tracks_musicbrainz_idx').execute();
}
