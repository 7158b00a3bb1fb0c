import type { Kysely } from 'kysely';
import { timestampType, withId } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Radio and daily mixes. Co-listening reads "what did these listeners play": the plays of a few
 * hundred users by track, from an index that holds both columns, so the plays table itself is not
 * read. Each listener's mixes of the day are kept as rows (their tracks as a JSON array of ids).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('plays_user_track_idx')
    .on('plays')
    .columns(['user_id', 'track_id'])
    .execute();

  await withId(db, db.schema.createTable('mixes'))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('description', 'varchar(500)', (col) => col.notNull())
    .addColumn('image', 'varchar(255)')
    .addColumn('track_ids', 'text', (col) => col.notNull())
    .addColumn('made_on', 'varchar(10)', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('mixes_user_position_idx')
    .on('mixes')
    .columns(['user_id', 'position'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mixes').execute();
  await db.schema.dropIndex('plays_user_track_idx').execute();
}
