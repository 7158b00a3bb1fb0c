import type { Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Each user's play queue, saved by one device and picked up on another. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('play_queues')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    // JSON array of track ids, in order.
    .addColumn('track_ids', 'text', (col) => col.notNull())
    .addColumn('current_track_id', 'integer')
    .addColumn('position_ms', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('changed_by', 'varchar(100)', (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('play_queues').execute();
}
