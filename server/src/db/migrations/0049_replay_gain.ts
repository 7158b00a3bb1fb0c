import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * ReplayGain 2.0 figures on every track (gains in dB against -18 LUFS, peaks linear), where they
 * came from (`tags`, `measured`, `failed`; null: not yet looked at), and the measured track's
 * gating blocks (a histogram of their loudness), from which its album's loudness is worked out
 * as one programme without decoding the album again.
 */
const COLUMNS = [
  ['track_gain', 'double precision'],
  ['track_peak', 'double precision'],
  ['album_gain', 'double precision'],
  ['album_peak', 'double precision'],
  ['loudness_blocks', 'text'],
  ['loudness_source', 'text'],
] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable('tracks').addColumn(name, sql.raw(type)).execute();
  }
  // The background measurement walks the tracks not yet looked at, by id.
  await db.schema
    .createIndex('tracks_loudness_pending')
    .on('tracks')
    .column('id')
    .where(sql.ref('loudness_source'), 'is', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tracks_loudness_pending').execute();
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable('tracks').dropColumn(name).execute();
  }
}
