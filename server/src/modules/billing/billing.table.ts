import type { Generated, Selectable } from 'kysely';

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  free: Generated<number>;
  hidden: Generated<number>;
  recommended: Generated<number>;
  position: Generated<number>;
  /** JSON list of strings. */
  feature_list: Generated<string>;
  gateway_product_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface PricesTable {
  id: Generated<number>;
  product_id: number;
  /** Minor units: 1990 is 19.90. */
  amount: number;
  currency: string;
  interval: string;
  interval_count: Generated<number>;
  archived: Generated<number>;
  gateway_price_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Restrictions are a JSON list of `{name, value}`, as on roles. */
export interface ProductPermissionsTable {
  product_id: number;
  permission_id: number;
  restrictions: Generated<string>;
}

export interface BillingCustomersTable {
  user_id: number;
  gateway_customer_id: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  price_id: number | null;
  gateway: string;
  gateway_id: string | null;
  gateway_status: string;
  cancel_at_period_end: Generated<number>;
  trial_ends_at: string | null;
  renews_at: string | null;
  ends_at: string | null;
  grace_ends_at: string | null;
  pending_product_id: number | null;
  pending_price_id: number | null;
  pending_from: string | null;
  voucher_id: number | null;
  refunded_at: string | null;
  /** Milliseconds: the gateway time of the state last applied. */
  gateway_synced_at: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface VouchersTable {
  id: Generated<number>;
  code: string;
  discount_percentage: number;
  product_id: number;
  price_id: number;
  currency: Generated<string>;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: string | null;
  gateway_coupon_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface VoucherRedemptionsTable {
  voucher_id: number;
  user_id: number;
  created_at: string;
}

export interface FamilyMembersTable {
  id: Generated<number>;
  owner_id: number;
  slot: number;
  email: string;
  created_at: string;
  updated_at: string;
}

/** A charge the gateway reported paid, and how much of it was refunded since. */
export interface PaymentsTable {
  id: Generated<number>;
  user_id: number | null;
  subscription_id: number | null;
  gateway: string;
  gateway_invoice_id: string;
  /** In the currency's minor units. */
  amount: number;
  refunded: Generated<number>;
  currency: string;
  paid_at: string;
  created_at: string;
  updated_at: string;
}

export type ProductRow = Selectable<ProductsTable>;
export type PriceRow = Selectable<PricesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type VoucherRow = Selectable<VouchersTable>;
export type FamilyMemberRow = Selectable<FamilyMembersTable>;
