import type { BillingOverview, ChangePlanPreview, Price } from '@cadenza/contracts/billing';
import { monthlyAmount } from '@cadenza/contracts/billing-cycles';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { displayName } from '@cadenza/contracts/display-name';
import type { UserRow } from '../users/users.table.js';
import type { SubscriptionRow } from './billing.table.js';
import type { PaymentGateway } from './gateway.js';
import type { ProductsService } from './products.service.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import * as repo from './subscriptions.repo.js';
import type { VouchersService } from './vouchers.service.js';

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** How long the amount a change-plan preview showed may still be confirmed. */
const PREVIEW_KEPT_SECONDS = 60 * 60;
const PREVIEW_EXPIRED = 'The amount shown is out of date. Open the plan change again.';

/**
 * What a user does with their own subscription: start one through the gateway's hosted
 * checkout, change plan, cancel and resume, read their bills. The gateway's webhooks then tell
 * us what happened; answers from the gateway are applied at once, too, so a change shows without
 * waiting for its webhook.
 */
export function createCheckoutService({
  db,
  gateway,
  products,
  subscriptions,
  vouchers,
  appUrl,
}: {
  db: Kysely<Database>;
  gateway: () => PaymentGateway | undefined;
  products: ProductsService;
  subscriptions: SubscriptionsService;
  vouchers: VouchersService;
  appUrl: string;
}) {
  function payments(): PaymentGateway {
    const found = gateway();
    if (!found) {
      throw AppError.validation(
        { product_id: 'Payments are not set up.' },
        'Payments are not set up.',
      );
    }
    return found;
  }

  async function customerOf(user: UserRow): Promise<string> {
    const existing = await repo.findCustomerId(db, user.id);
    if (existing) return existing;
    const id = await payments().createCustomer({
      email: user.email,
      name: displayName(user),
      userId: user.id,
    });
    await repo.insertCustomer(db, user.id, id);
    return (await repo.findCustomerId(db, user.id))!;
  }

  /** The user's subscription paid through the gateway, which they can change or cancel. */
  async function gatewaySubscriptionOf(userId: number): Promise<SubscriptionRow> {
    const current = await subscriptions.current(userId);
    if (!current || current.gateway !== 'stripe' || !current.gateway_id) {
      throw AppError.validation(
        { subscription: 'You have no subscription to change. Choose a plan first.' },
        'You have no subscription to change. Choose a plan first.',
      );
    }
    return current;
  }

  /** A change of the user's plan to this one, checked: is it an upgrade, and its gateway price. */
  async function planChange(userId: number, input: { product_id: number; price_id: number }) {
    const row = await gatewaySubscriptionOf(userId);
    const { product, price } = await products.purchasable(input.product_id, input.price_id);
    if (row.price_id === price.id) {
      throw AppError.validation({ price_id: 'You are already on this plan.' });
    }
    const currentPrice = row.price_id ? await products.findPrice(row.price_id) : undefined;
    const upgrade =
      !currentPrice ||
      monthlyAmount({ ...currentPrice, interval: currentPrice.interval as Price['interval'] }) <=
        monthlyAmount({ ...price, interval: price.interval as Price['interval'] });
    const gatewayPriceId = await products.gatewayPriceId(product, price);
    return { row, product, price, upgrade, gatewayPriceId };
  }

  return {
    /** The address of the gateway's hosted checkout for this plan and price. */
    async checkout(
      user: UserRow,
      input: { product_id: number; price_id: number; voucher_code?: string | undefined },
    ): Promise<{ url: string }> {
      const { product, price } = await products.purchasable(input.product_id, input.price_id);
      const current = await subscriptions.current(user.id);
      if (current?.product_id === product.id) {
        throw AppError.validation({ product_id: `You already have ${product.name}.` });
      }
      if (current?.gateway === 'stripe') {
        throw AppError.validation({
          product_id: 'You already have a subscription: change its plan instead.',
        });
      }
      const gatewayPriceId = await products.gatewayPriceId(product, price);
      const coupon = input.voucher_code
        ? await vouchers.couponFor(input.voucher_code, user.id, product, price)
        : undefined;
      return payments().createCheckout({
        customerId: await customerOf(user),
        priceId: gatewayPriceId,
        couponId: coupon?.couponId,
        successUrl: `${appUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${appUrl}/checkout/cancelled?product=${product.id}&price=${price.id}`,
        metadata: {
          user_id: String(user.id),
          product_id: String(product.id),
          price_id: String(price.id),
          ...(coupon ? { voucher_id: String(coupon.voucherId) } : {}),
        },
      });
    },

    /**
     * Another plan for a running subscription: an upgrade starts now, prorated by the gateway;
     * a downgrade starts with the next period, and the current plan stays until then.
     */
    async changePlan(
      userId: number,
      input: { product_id: number; price_id: number; proration_date?: number | undefined },
    ) {
      const { row, price, upgrade, gatewayPriceId } = await planChange(userId, input);
      const prorationDate = input.proration_date;
      const nowSeconds = Math.floor(Date.now() / 1000);
      if (
        prorationDate !== undefined &&
        (prorationDate > nowSeconds + 60 || prorationDate < nowSeconds - PREVIEW_KEPT_SECONDS)
      ) {
        throw AppError.validation({ proration_date: PREVIEW_EXPIRED }, PREVIEW_EXPIRED);
      }
      const live = await payments().retrieveSubscription(row.gateway_id!);
      let saved = row;
      if (!upgrade)
        saved = await subscriptions.schedule(row, price, row.renews_at ?? new Date().toISOString());
      const updated = await payments().changePrice(live, gatewayPriceId, upgrade, prorationDate);
      saved = (await subscriptions.applyGateway(updated)) ?? saved;
      return { subscription: (await subscriptions.present([saved]))[0]!, upgrade };
    },

    /**
     * What a change of plan charges now, as the gateway works it out: an upgrade's prorated
     * difference for the rest of the period; nothing for a downgrade, which starts later.
     */
    async previewChange(
      userId: number,
      input: { product_id: number; price_id: number },
    ): Promise<ChangePlanPreview> {
      const { row, price, upgrade, gatewayPriceId } = await planChange(userId, input);
      if (!upgrade) {
        return {
          upgrade,
          amount_due: 0,
          currency: price.currency.toUpperCase(),
          proration_date: Math.floor(Date.now() / 1000),
        };
      }
      const live = await payments().retrieveSubscription(row.gateway_id!);
      const preview = await payments().previewPriceChange(live, gatewayPriceId);
      return {
        upgrade,
        amount_due: preview.amountDue,
        currency: preview.currency,
        proration_date: preview.prorationDate,
      };
    },

    async cancel(userId: number) {
      const row = await gatewaySubscriptionOf(userId);
      const saved = await subscriptions.applyGateway(
        await payments().setCancelAtPeriodEnd(row.gateway_id!, true),
      );
      return (await subscriptions.present([saved ?? row]))[0]!;
    },

    async resume(userId: number) {
      const row = await gatewaySubscriptionOf(userId);
      if (row.cancel_at_period_end !== 1) {
        throw AppError.validation({ subscription: 'Your subscription is not cancelled.' });
      }
      const saved = await subscriptions.applyGateway(
        await payments().setCancelAtPeriodEnd(row.gateway_id!, false),
      );
      return (await subscriptions.present([saved ?? row]))[0]!;
    },

    /** Everything /billing shows: the plan, its dates, the card and the invoices. */
    async overview(userId: number): Promise<BillingOverview> {
      const row =
        (await subscriptions.current(userId)) ?? (await repo.subscriptionsOfUser(db, userId))[0];
      const subscription = row ? (await subscriptions.present([row]))[0]! : null;
      const customerId = await repo.findCustomerId(db, userId);
      const found = gateway();
      if (!found || !customerId) {
        return { subscription, payment_method: null, invoices: [], portal: false };
      }
      const [live, invoices] = await Promise.all([
        row?.gateway === 'stripe' && row.gateway_id
          ? found.retrieveSubscription(row.gateway_id)
          : Promise.resolve(undefined),
        found.invoices(customerId),
      ]);
      return {
        subscription,
        payment_method: live?.paymentMethod ?? null,
        invoices,
        portal: true,
      };
    },

    async portal(userId: number): Promise<{ url: string }> {
      const customerId = await repo.findCustomerId(db, userId);
      if (!customerId)
        throw AppError.validation({ subscription: 'You have no billing account yet.' });
      return { url: await payments().portalUrl(customerId, `${appUrl}/billing`) };
    },
  };
}
