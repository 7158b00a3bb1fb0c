import type Stripe from 'stripe';
import { lazily } from '../../infra/lazy-require.js';

// Stripe's library loads only when payments are set up.
const stripeLibrary = lazily<typeof Stripe>('stripe');
import type { Invoice } from '@cadenza/contracts/billing';

/** A subscription as the gateway knows it, in the terms the billing service needs. */
export interface GatewaySubscription {
  id: string;
  customerId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** Milliseconds since the epoch. */
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  trialEnd: number | null;
  endedAt: number | null;
  itemId: string | null;
  priceId: string | null;
  metadata: Record<string, string>;
  paymentMethod: {
    brand: string;
    last4: string;
    exp_month: number | null;
    exp_year: number | null;
  } | null;
}

export interface GatewayEvent {
  id: string;
  type: string;
  /** The object the event is about, as the gateway sent it. */
  object: Record<string, unknown>;
}

export interface CheckoutRequest {
  customerId: string;
  priceId: string;
  couponId?: string | undefined;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

/**
 * The payment service, behind the few calls billing makes. Stripe is the one implementation;
 * tests point it at a local server that speaks Stripe's HTTP API.
 */
export interface PaymentGateway {
  createCustomer(input: { email: string; name: string; userId: number }): Promise<string>;
  createProduct(input: { name: string; productId: number }): Promise<string>;
  createPrice(input: {
    gatewayProductId: string;
    amount: number;
    currency: string;
    interval: 'day' | 'month' | 'year';
    intervalCount: number;
  }): Promise<string>;
  createCoupon(input: { percentOff: number; name: string }): Promise<string>;
  createCheckout(input: CheckoutRequest): Promise<{ url: string }>;
  retrieveSubscription(id: string): Promise<GatewaySubscription>;
  /**
   * Moves the subscription to another price; prorated now (as of `prorationDate`, seconds, when
   * given: the moment of a preview), or from the next period.
   */
  changePrice(
    subscription: GatewaySubscription,
    priceId: string,
    prorate: boolean,
    prorationDate?: number,
  ): Promise<GatewaySubscription>;
  /**
   * What moving the subscription to another price, prorated, would charge now: the gateway's
   * preview of the invoice the change creates. Amount in the currency's minor unit.
   */
  previewPriceChange(
    subscription: GatewaySubscription,
    priceId: string,
  ): Promise<{ amountDue: number; currency: string; prorationDate: number }>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<GatewaySubscription>;
  cancelNow(id: string): Promise<GatewaySubscription>;
  invoices(customerId: string): Promise<Invoice[]>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Checks the signature of a webhook delivery and reads its event; throws when it is not genuine. */
  verifyEvent(rawBody: Buffer, signature: string): GatewayEvent;
  /** The subscription an invoice or a charge belongs to, if any. */
  subscriptionOfInvoice(invoiceId: string): Promise<string | null>;
}

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another address for the API (a local stand-in in tests). */
  apiBase?: string | undefined;
}

/** How far a webhook's signing time may be from now, either way: Stripe's own default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signing time of a `Stripe-Signature` header (`t=…`), read as Stripe's library reads it. */
function signedAtOf(signature: string): number {
  const stamps = signature
    .split(',')
    .map((item) => item.split('='))
    .filter(([key]) => key === 't');
  return Number.parseInt(stamps.at(-1)?.[1] ?? '', 10);
}

const ms = (seconds: number | null | undefined) => (seconds ? seconds * 1000 : null);

function toSubscription(subscription: Stripe.Subscription): GatewaySubscription {
  const item = subscription.items.data[0];
  const method = subscription.default_payment_method;
  const card = typeof method === 'object' && method?.card ? method.card : null;
  return {
    id: subscription.id,
    customerId:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: ms(item?.current_period_start),
    currentPeriodEnd: ms(item?.current_period_end),
    trialEnd: ms(subscription.trial_end),
    endedAt: ms(subscription.ended_at),
    itemId: item?.id ?? null,
    priceId: item?.price.id ?? null,
    metadata: subscription.metadata ?? {},
    paymentMethod: card
      ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year }
      : null,
  };
}

export function stripeGateway(options: StripeOptions): PaymentGateway {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new (stripeLibrary())(options.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  const expand = ['default_payment_method'];

  return {
    async createCustomer({ email, name, userId }) {
      const customer = await stripe.customers.create({
        email,
        name,
        metadata: { user_id: String(userId) },
      });
      return customer.id;
    },

    async createProduct({ name, productId }) {
      const product = await stripe.products.create({
        name,
        metadata: { product_id: String(productId) },
      });
      return product.id;
    },

    async createPrice({ gatewayProductId, amount, currency, interval, intervalCount }) {
      const price = await stripe.prices.create({
        product: gatewayProductId,
        unit_amount: amount,
        currency: currency.toLowerCase(),
        recurring: { interval, interval_count: intervalCount },
      });
      return price.id;
    },

    async createCoupon({ percentOff, name }) {
      const coupon = await stripe.coupons.create({
        percent_off: percentOff,
        duration: 'once',
        name,
      });
      return coupon.id;
    },

    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        ...(input.couponId ? { discounts: [{ coupon: input.couponId }] } : {}),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.metadata.user_id,
        metadata: input.metadata,
        subscription_data: { metadata: input.metadata },
      });
      if (!session.url) throw new Error('The payment service did not return a checkout address.');
      return { url: session.url };
    },

    async retrieveSubscription(id) {
      return toSubscription(await stripe.subscriptions.retrieve(id, { expand }));
    },

    async changePrice(subscription, priceId, prorate, prorationDate) {
      const updated = await stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.itemId!, price: priceId }],
        proration_behavior: prorate ? 'always_invoice' : 'none',
        ...(prorate && prorationDate ? { proration_date: prorationDate } : {}),
        expand,
      });
      return toSubscription(updated);
    },

    async previewPriceChange(subscription, priceId) {
      // Stripe's advice: fix the moment of the proration, and pass it again with the change.
      const prorationDate = Math.floor(Date.now() / 1000);
      const invoice = await stripe.invoices.createPreview({
        customer: subscription.customerId,
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: subscription.itemId!, price: priceId }],
          proration_behavior: 'always_invoice',
          proration_date: prorationDate,
        },
      });
      return {
        amountDue: invoice.amount_due,
        currency: invoice.currency.toUpperCase(),
        prorationDate,
      };
    },

    async setCancelAtPeriodEnd(id, cancel) {
      return toSubscription(
        await stripe.subscriptions.update(id, { cancel_at_period_end: cancel, expand }),
      );
    },

    async cancelNow(id) {
      return toSubscription(await stripe.subscriptions.cancel(id, { expand }));
    },

    async invoices(customerId) {
      const list = await stripe.invoices.list({ customer: customerId, limit: 24 });
      return list.data.map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number ?? null,
        status: invoice.status ?? 'draft',
        amount: invoice.amount_paid || invoice.amount_due,
        currency: invoice.currency.toUpperCase(),
        created_at: new Date(invoice.created * 1000).toISOString(),
        url: invoice.hosted_invoice_url ?? null,
        pdf: invoice.invoice_pdf ?? null,
      }));
    },

    async portalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    verifyEvent(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        options.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
      // Stripe's library refuses deliveries signed too long ago only; one dated further ahead
      // than the window was not signed now either (a forged clock, or one kept to replay later).
      if (!(signedAtOf(signature) <= Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)) {
        throw new Error('The webhook is dated in the future.');
      }
      return {
        id: event.id,
        type: event.type,
        object: event.data.object as unknown as Record<string, unknown>,
      };
    },

    async subscriptionOfInvoice(invoiceId) {
      const invoice = await stripe.invoices.retrieve(invoiceId);
      const subscription = invoice.parent?.subscription_details?.subscription;
      if (!subscription) return null;
      return typeof subscription === 'string' ? subscription : subscription.id;
    },
  };
}
