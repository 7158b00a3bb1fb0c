import type { Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The listeners' open players ("devices"), so any of them sees and steers the others, whichever
 * instance each one's reports reach. A row lives while its player keeps reporting.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('player_devices')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('device_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('seen_at', timestampType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('player_devices_pkey', ['user_id', 'device_id'])
    .execute();
  await db.schema
    .createIndex('player_devices_seen_idx')
    .on('player_devices')
    .column('seen_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('player_devices').execute();
}
