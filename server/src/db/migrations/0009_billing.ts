import type { Kysely } from 'kysely';
import { flag, timestampType, withId, withTimestamps } from './helpers.js';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Plans and their prices, subscriptions kept in step with the payment gateway, vouchers, the
 * Family plan's member e-mails, and the audit log of admin actions.
 */
export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('products'))
      .addColumn('name', 'varchar(100)', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('free', 'integer', flag)
      .addColumn('hidden', 'integer', flag)
      .addColumn('recommended', 'integer', flag)
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('feature_list', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('gateway_product_id', 'varchar(255)'),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('prices'))
      .addColumn('product_id', 'integer', (col) =>
        col.notNull().references('products.id').onDelete('cascade'),
      )
      // Minor units (cents): 1990 is 19.90.
      .addColumn('amount', 'integer', (col) => col.notNull())
      .addColumn('currency', 'varchar(3)', (col) => col.notNull())
      .addColumn('interval', 'varchar(10)', (col) => col.notNull())
      .addColumn('interval_count', 'integer', (col) => col.notNull().defaultTo(1))
      // A price that subscribers still pay but nobody new can choose.
      .addColumn('archived', 'integer', flag)
      .addColumn('gateway_price_id', 'varchar(255)'),
  ).execute();
  await db.schema.createIndex('prices_product_idx').on('prices').column('product_id').execute();

  await db.schema
    .createTable('product_permissions')
    .addColumn('product_id', 'integer', (col) =>
      col.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('permission_id', 'integer', (col) =>
      col.notNull().references('permissions.id').onDelete('cascade'),
    )
    .addColumn('restrictions', 'text', (col) => col.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('product_permissions_pk', ['product_id', 'permission_id'])
    .execute();

  await db.schema
    .createTable('billing_customers')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('gateway_customer_id', 'varchar(255)', (col) => col.notNull().unique())
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('subscriptions'))
      .addColumn('user_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
      .addColumn('price_id', 'integer', (col) => col.references('prices.id'))
      // 'stripe', 'manual' (granted by an admin) or 'voucher' (a 100 % voucher).
      .addColumn('gateway', 'varchar(20)', (col) => col.notNull())
      .addColumn('gateway_id', 'varchar(255)', (col) => col.unique())
      // The gateway's word for it: trialing, active, past_due, canceled, incomplete, unpaid…
      .addColumn('gateway_status', 'varchar(30)', (col) => col.notNull())
      .addColumn('cancel_at_period_end', 'integer', flag)
      .addColumn('trial_ends_at', ts)
      .addColumn('renews_at', ts)
      // When access ends: the end of a cancelled period, or of a grant.
      .addColumn('ends_at', ts)
      // A payment failed: access stays until the grace period is over.
      .addColumn('grace_ends_at', ts)
      // A downgrade waits for the period's end.
      .addColumn('pending_product_id', 'integer', (col) => col.references('products.id'))
      .addColumn('pending_price_id', 'integer', (col) => col.references('prices.id'))
      // The pending change applies to the gateway's first period that starts at or after this.
      .addColumn('pending_from', ts)
      .addColumn('voucher_id', 'integer')
      .addColumn('refunded_at', ts)
      // The gateway's time of the state last applied, so an older event never overwrites it.
      .addColumn('gateway_synced_at', 'bigint', (col) => col.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('subscriptions_user_idx')
    .on('subscriptions')
    .columns(['user_id', 'gateway_status'])
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('type', 'varchar(100)', (col) => col.notNull())
    .addColumn('received_at', ts, (col) => col.notNull())
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('vouchers'))
      .addColumn('code', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('discount_percentage', 'integer', (col) => col.notNull())
      .addColumn('product_id', 'integer', (col) =>
        col.notNull().references('products.id').onDelete('cascade'),
      )
      .addColumn('price_id', 'integer', (col) =>
        col.notNull().references('prices.id').onDelete('cascade'),
      )
      .addColumn('currency', 'varchar(3)', (col) => col.notNull().defaultTo('BRL'))
      .addColumn('max_uses', 'integer')
      .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('expires_at', ts)
      .addColumn('gateway_coupon_id', 'varchar(255)'),
  ).execute();

  await db.schema
    .createTable('voucher_redemptions')
    .addColumn('voucher_id', 'integer', (col) =>
      col.notNull().references('vouchers.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('voucher_redemptions_pk', ['voucher_id', 'user_id'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('family_members'))
      .addColumn('owner_id', 'integer', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('slot', 'integer', (col) => col.notNull())
      // Lowercased; one e-mail sits in one family only.
      .addColumn('email', 'varchar(255)', (col) => col.notNull().unique())
      .addUniqueConstraint('family_members_slot_uq', ['owner_id', 'slot']),
  ).execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(100)', (col) => col.notNull())
    .addColumn('subject_type', 'varchar(50)', (col) => col.notNull())
    .addColumn('subject_id', 'varchar(100)')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'audit_log',
    'family_members',
    'voucher_redemptions',
    'vouchers',
    'billing_events',
    'subscriptions',
    'billing_customers',
    'product_permissions',
    'prices',
    'products',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
