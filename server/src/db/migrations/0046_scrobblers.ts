import type { Kysely } from 'kysely';
import { timestampType } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The listening services (ListenBrainz, Last.fm) a user sends their listens to: one row a user
 * and service, holding the token or session key sealed, never plain.
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('scrobblers')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('service', 'varchar(20)', (col) => col.notNull())
    .addColumn('sealed_token', 'varchar(1000)', (col) => col.notNull())
    .addColumn('username', 'varchar(255)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('scrobblers_pkey', ['user_id', 'service'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('scrobblers').execute();
}
