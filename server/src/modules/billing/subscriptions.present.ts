import type { AdminSubscription, Subscription } from '@cadenza/contracts/billing';
import { displayName } from '@cadenza/contracts/display-name';
import type { UsersService } from '../users/users.service.js';
import type { PriceRow, SubscriptionRow } from './billing.table.js';
import { priceRowToPrice, type ProductsService } from './products.service.js';
import { grantsAccess } from './subscription-access.js';

/**
 * Subscriptions as the API shows them: with their plan's name and price, whether they grant it
 * now, and a change waiting for the next period; for the admin area, with their holders.
 */
export function createSubscriptionsPresenter({
  products,
  users,
}: {
  products: ProductsService;
  users: UsersService;
}) {
  async function present(rows: SubscriptionRow[]): Promise<Subscription[]> {
    const productIds = rows.flatMap((row) =>
      row.pending_product_id ? [row.product_id, row.pending_product_id] : [row.product_id],
    );
    const [productRows, priceRows] = await Promise.all([
      products.byIds(productIds),
      Promise.all(
        [...new Set(rows.map((row) => row.price_id).filter((id): id is number => !!id))].map((id) =>
          products.findPrice(id),
        ),
      ),
    ]);
    const prices = new Map(
      priceRows.filter((row): row is PriceRow => !!row).map((row) => [row.id, row]),
    );
    const name = (id: number) => ({ id, name: productRows.get(id)?.name ?? 'Deleted plan' });
    const now = new Date().toISOString();
    return rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      product_id: row.product_id,
      price_id: row.price_id,
      product: name(row.product_id),
      price:
        row.price_id && prices.has(row.price_id)
          ? priceRowToPrice(prices.get(row.price_id)!)
          : null,
      gateway: row.gateway as Subscription['gateway'],
      gateway_status: row.gateway_status,
      valid: grantsAccess(row, now),
      active: row.gateway_status === 'active' || row.gateway_status === 'trialing',
      on_grace_period: row.gateway_status === 'past_due' && grantsAccess(row, now),
      cancel_at_period_end: row.cancel_at_period_end === 1,
      trial_ends_at: row.trial_ends_at,
      renews_at: row.cancel_at_period_end === 1 ? null : row.renews_at,
      ends_at: row.ends_at,
      pending:
        row.pending_product_id && row.pending_from
          ? { product: name(row.pending_product_id), from: row.pending_from }
          : null,
      created_at: row.created_at,
    }));
  }

  /** The subscriptions with their holders, for the admin area's list. */
  async function presentForAdmin(rows: SubscriptionRow[]): Promise<AdminSubscription[]> {
    const [presented, holders] = await Promise.all([
      present(rows),
      users.findByIds(rows.map((row) => row.user_id)),
    ]);
    const byId = new Map(holders.map((holder) => [holder.id, holder]));
    return presented.map((subscription) => {
      const holder = byId.get(subscription.user_id);
      return {
        ...subscription,
        user: holder
          ? { id: holder.id, email: holder.email, display_name: displayName(holder) }
          : null,
      };
    });
  }

  return { present, presentForAdmin };
}
