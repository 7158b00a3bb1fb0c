import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Co-listening reads each seed listener's latest plays, not all of them: a range of this index
 * per listener, the track in it, so the plays table is not read. plays_user_idx stays for the
 * history's order (latest first, then by id), which this one's track column would break.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('plays_user_latest_idx')
    .on('plays')
    .columns(['user_id', 'created_at', 'track_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('plays_user_latest_idx').execute();
}
