import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps } from './helpers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * What a channel's query is about (the playlist of "playlist tracks"), and the payments the
 * gateway reports, so revenue over a range is what was charged, less what was refunded.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('channels').addColumn('query_value', 'varchar(255)').execute();

  const ts = timestampType(db);
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('payments'))
      // Kept when the user or subscription goes: revenue already earned stays in the reports.
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('subscription_id', 'integer', (col) =>
        col.references('subscriptions.id').onDelete('set null'),
      )
      .addColumn('gateway', 'varchar(20)', (col) => col.notNull())
      .addColumn('gateway_invoice_id', 'varchar(255)', (col) => col.notNull().unique())
      .addColumn('amount', 'integer', (col) => col.notNull())
      .addColumn('refunded', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('currency', 'varchar(3)', (col) => col.notNull())
      .addColumn('paid_at', ts, (col) => col.notNull()),
  ).execute();
  await db.schema.createIndex('payments_paid_at_idx').on('payments').column('paid_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('payments').execute();
  await db.schema.alterTable('channels').dropColumn('query_value').execute();
}
