import { now, type Json, type StandinSubscription } from './types.js';
import type { WebhookSender } from './webhooks.js';

const DAY = 86_400;
const INTERVAL_SECONDS: Record<string, number> = { day: DAY, month: 30 * DAY, year: 365 * DAY };

/**
 * What the stand-in knows, in memory: the objects the app created through the API, and what
 * Stripe itself does to them (a paid checkout, a new period, a refund), each change announced by
 * its webhook event.
 */
export function createLedger(options: {
  /** The stand-in's own address, for the links its objects carry. */
  url: string;
  trialDays: number | undefined;
  id: (prefix: string) => string;
  webhooks: WebhookSender;
}) {
  const { url, id, webhooks } = options;
  const emit = (type: string, object: Json) => webhooks.emit(type, object);

  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, StandinSubscription>();
  const invoices = new Map<string, Json>();
  const portals = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();

  function expandSubscription(subscription: StandinSubscription, expand: string[]): Json {
    if (!expand.includes('default_payment_method') || !subscription.default_payment_method) {
      return subscription as unknown as Json;
    }
    return {
      ...subscription,
      default_payment_method: paymentMethods.get(subscription.default_payment_method) ?? null,
    };
  }

  function period(price: Json, start: number) {
    const recurring = price.recurring as { interval: string; interval_count: number };
    return start + INTERVAL_SECONDS[recurring.interval]! * recurring.interval_count;
  }

  function createInvoice(subscription: StandinSubscription, amount: number, paid: boolean): Json {
    const price = subscription.items.data[0]!.price as Json;
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      number: `STANDIN-${String(invoices.size + 1).padStart(4, '0')}`,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: price.currency,
      created: now(),
      status_transitions: { paid_at: paid ? now() : null },
      hosted_invoice_url: '',
      invoice_pdf: '',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      charge: paid ? id('ch') : null,
    };
    invoice.hosted_invoice_url = `${url}/invoices/${String(invoice.id)}`;
    invoice.invoice_pdf = `${url}/invoices/${String(invoice.id)}.pdf`;
    invoices.set(invoice.id as string, invoice);
    subscription.latest_invoice = invoice.id as string;
    return invoice;
  }

  /** The difference between two prices for the rest of the item's period, charged now. */
  function prorated(item: Json, old: Json, price: Json, at: number): number {
    const left =
      (Number(item.current_period_end) - at) /
      (Number(item.current_period_end) - Number(item.current_period_start));
    return Math.max(0, Math.round((Number(price.unit_amount) - Number(old.unit_amount)) * left));
  }

  function discounted(amount: number, couponId: string | undefined) {
    const coupon = couponId ? coupons.get(couponId) : undefined;
    return coupon ? Math.round(amount * (1 - Number(coupon.percent_off) / 100)) : amount;
  }

  async function completeCheckout(session: Json, card: string): Promise<void> {
    const lineItem = (session.line_items as Json[])[0]!;
    const price = prices.get(lineItem.price as string)!;
    const method = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: card.startsWith('5') ? 'mastercard' : 'visa',
        last4: card.slice(-4),
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
      },
    };
    paymentMethods.set(method.id, method);
    const start = now();
    const trialEnd = options.trialDays ? start + options.trialDays * DAY : null;
    const metadata = (session.subscription_data as Json | undefined)?.metadata as
      Record<string, string> | undefined;
    const subscription: StandinSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer as string,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_end: trialEnd,
      created: start,
      metadata: metadata ?? {},
      default_payment_method: method.id,
      latest_invoice: null,
      items: {
        object: 'list',
        has_more: false,
        url: '/v1/subscription_items',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: trialEnd ?? period(price, start),
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    const couponId = (session.discounts as Json[] | undefined)?.[0]?.coupon as string | undefined;
    const invoice = createInvoice(
      subscription,
      trialEnd ? 0 : discounted(price.unit_amount as number, couponId),
      true,
    );
    session.status = 'complete';
    session.payment_status = 'paid';
    session.subscription = subscription.id;
    await emit('customer.subscription.created', subscription as unknown as Json);
    await emit('invoice.paid', invoice);
    await emit('checkout.session.completed', session);
  }

  function itemOf(subscriptionId: string) {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    return { subscription, item: subscription.items.data[0]! };
  }

  async function endPeriod(subscriptionId: string): Promise<void> {
    const { subscription } = itemOf(subscriptionId);
    subscription.status = 'canceled';
    subscription.ended_at = now();
    await emit('customer.subscription.deleted', subscription as unknown as Json);
  }

  return {
    url,
    id,
    emit,
    customers,
    products,
    prices,
    coupons,
    sessions,
    subscriptions,
    invoices,
    portals,
    expandSubscription,
    createInvoice,
    prorated,
    discounted,
    completeCheckout,
    endPeriod,

    async renew(subscriptionId: string, { paid = true }: { paid?: boolean } = {}) {
      const { subscription, item } = itemOf(subscriptionId);
      if (subscription.cancel_at_period_end) return endPeriod(subscriptionId);
      const price = item.price as Json;
      item.current_period_start = item.current_period_end;
      item.current_period_end = period(price, Number(item.current_period_start));
      const invoice = createInvoice(subscription, Number(price.unit_amount), paid);
      subscription.status = paid ? 'active' : 'past_due';
      await emit('customer.subscription.updated', subscription as unknown as Json);
      await emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    },

    async refund(subscriptionId: string) {
      const { subscription } = itemOf(subscriptionId);
      const invoice = invoices.get(subscription.latest_invoice ?? '');
      if (!invoice) throw new Error('nothing to refund');
      await emit('charge.refunded', {
        id: invoice.charge ?? id('ch'),
        object: 'charge',
        invoice: invoice.id,
        amount_refunded: invoice.amount_paid,
        refunded: true,
      });
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;

/** Stripe's answer for an id it does not know. */
export const notFound = (what: string): [number, Json] => [
  404,
  {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}`,
    },
  },
];

/** What a request handler answers: status, body (JSON, or text as is) and extra headers. */
export type StandinAnswer = [number, Json | string, Record<string, string>?];
