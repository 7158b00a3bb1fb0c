import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';

/**
 * A local server that speaks Stripe's HTTP API for exactly the calls the app makes (customers,
 * products, prices, coupons, checkout sessions, subscriptions, invoices and their previews, the
 * billing portal),
 * keeps its state in memory, serves a hosted checkout page a browser can pay on, and posts
 * webhooks signed with Stripe's scheme (`Stripe-Signature: t=…,v1=HMAC-SHA256`). Tests drive
 * what Stripe's clock and banks would do: renewals, failed payments, refunds. The app runs it
 * for demos (`BILLING_DEMO`), so plans can be bought without a Stripe account.
 */

type Json = Record<string, unknown>;

export interface StandinSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  trial_end: number | null;
  created: number;
  metadata: Record<string, string>;
  default_payment_method: string | null;
  latest_invoice: string | null;
  items: { object: 'list'; data: Json[]; has_more: false; url: string };
}

export interface StandinOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Where events are posted; set later with `setWebhookUrl` when the app starts after. */
  webhookUrl?: string;
  /** Days of trial new subscriptions get (0: none). */
  trialDays?: number;
  /** The local port to listen on (0: any free one). */
  port?: number;
}

export interface StripeStandin {
  url: string;
  secretKey: string;
  webhookSecret: string;
  setWebhookUrl(url: string): void;
  /** Pays an open checkout session as the hosted page does; answers the return address. */
  pay(sessionId: string, card?: string): Promise<string>;
  /** The checkout session id of a hosted checkout address. */
  sessionOf(checkoutUrl: string): string;
  /** Starts the next period of a subscription, paid or not, as Stripe's clock would. */
  renew(subscriptionId: string, options?: { paid?: boolean }): Promise<void>;
  /** Refunds the latest payment of a subscription in full. */
  refund(subscriptionId: string): Promise<void>;
  /** Ends a subscription at the end of its period, as the day comes. */
  endPeriod(subscriptionId: string): Promise<void>;
  subscription(id: string): StandinSubscription | undefined;
  subscriptions(): StandinSubscription[];
  /** Every event posted so far, oldest first. */
  events: { id: string; type: string; payload: string }[];
  /** Holds events back instead of posting them, to deliver them later in any order. */
  hold(): void;
  /** Posts events as they happen again (held ones stay held until delivered). */
  release(): void;
  held(): { id: string; type: string; payload: string }[];
  /** Posts an event (held, or sent before) again; `timestamp` signs it as of another time. */
  deliver(eventId: string, options?: { timestamp?: number }): Promise<number>;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;
const INTERVAL_SECONDS: Record<string, number> = { day: DAY, month: 30 * DAY, year: 365 * DAY };

export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const signature = crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.${payload}`)
    .digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function startStripeStandin(options: StandinOptions = {}): Promise<StripeStandin> {
  const secretKey = options.secretKey ?? 'sk_test_standin';
  const webhookSecret = options.webhookSecret ?? 'whsec_standin';
  let webhookUrl = options.webhookUrl;
  let holding = false;
  const heldEvents: { id: string; type: string; payload: string }[] = [];
  const events: { id: string; type: string; payload: string }[] = [];
  let sequence = 0;
  const id = (prefix: string) =>
    `${prefix}_${(++sequence).toString(36).padStart(6, '0')}${crypto.randomBytes(4).toString('hex')}`;

  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, StandinSubscription>();
  const invoices = new Map<string, Json>();
  const portals = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle(request, Buffer.concat(chunks).toString('utf8'))
        .then(([status, body, headers]) => {
          response.writeHead(status, { 'content-type': 'application/json', ...headers });
          response.end(typeof body === 'string' ? body : JSON.stringify(body));
        })
        .catch((error: unknown) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const notFound = (what: string): [number, Json] => [
    404,
    {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}`,
      },
    },
  ];

  function expandSubscription(subscription: StandinSubscription, expand: string[]): Json {
    if (!expand.includes('default_payment_method') || !subscription.default_payment_method) {
      return subscription as unknown as Json;
    }
    return {
      ...subscription,
      default_payment_method: paymentMethods.get(subscription.default_payment_method) ?? null,
    };
  }

  async function emit(type: string, object: Json): Promise<void> {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: structuredClone(object) },
    };
    const record = { id: event.id, type, payload: JSON.stringify(event) };
    events.push(record);
    if (holding) heldEvents.push(record);
    else await post(record.payload);
  }

  async function post(payload: string, timestamp = now()): Promise<number> {
    if (!webhookUrl) return 0;
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signPayload(payload, webhookSecret, timestamp),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
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

  function hostedCheckoutPage(session: Json): string {
    const lineItem = (session.line_items as Json[])[0]!;
    const price = prices.get(lineItem.price as string)!;
    const product = products.get(price.product as string);
    const couponId = (session.discounts as Json[] | undefined)?.[0]?.coupon as string | undefined;
    const amount = discounted(price.unit_amount as number, couponId);
    const money = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: String(price.currency).toUpperCase(),
    }).format(amount / 100);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Checkout</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px;color:#1a1a1a}label{display:block;margin:16px 0 4px}input{width:100%;padding:10px;font:inherit;box-sizing:border-box}button{margin-top:24px;width:100%;padding:12px;font:inherit;background:#635bff;color:#fff;border:0;border-radius:6px}</style></head>
<body><h1>Pay ${escape(String(product?.name ?? 'subscription'))}</h1><p>${escape(money)} every ${escape(String((price.recurring as Json).interval))}</p>
<form method="post" action="/checkout/${escape(String(session.id))}/pay">
<label for="card">Card number</label><input id="card" name="card" value="4242 4242 4242 4242" autocomplete="cc-number">
<button type="submit">Subscribe</button></form>
<p><a href="${escape(String(session.cancel_url))}">Back</a></p></body></html>`;
  }

  function list(data: Json[], path: string): Json {
    return { object: 'list', data, has_more: false, url: path };
  }

  async function handle(
    request: http.IncomingMessage,
    raw: string,
  ): Promise<[number, Json | string, Record<string, string>?]> {
    const address = new URL(request.url ?? '/', url);
    const path = address.pathname;
    const method = request.method ?? 'GET';
    const html = { 'content-type': 'text/html; charset=utf-8' };

    // The pages a browser visits: hosted checkout, the portal and invoices.
    let match = /^\/checkout\/(cs_\w+)$/.exec(path);
    if (match && method === 'GET') {
      const session = sessions.get(match[1]!);
      return session ? [200, hostedCheckoutPage(session), html] : notFound('checkout session');
    }
    match = /^\/checkout\/(cs_\w+)\/pay$/.exec(path);
    if (match && method === 'POST') {
      const session = sessions.get(match[1]!);
      if (!session) return notFound('checkout session');
      const card = String(new URLSearchParams(raw).get('card') ?? '4242').replace(/\s/g, '');
      if (session.status === 'open') await completeCheckout(session, card);
      const success = String(session.success_url).replace(
        '{CHECKOUT_SESSION_ID}',
        String(session.id),
      );
      return [303, '', { location: success }];
    }
    match = /^\/portal\/(bps_\w+)$/.exec(path);
    if (match && method === 'GET') {
      const portal = portals.get(match[1]!);
      if (!portal) return notFound('portal session');
      return [
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal</title></head><body><h1>Billing portal</h1><p>Customer ${escape(String(portal.customer))}</p><a href="${escape(String(portal.return_url))}">Return</a></body></html>`,
        html,
      ];
    }
    match = /^\/invoices\/(in_\w+)(\.pdf)?$/.exec(path);
    if (match && method === 'GET') {
      const invoice = invoices.get(match[1]!);
      if (!invoice) return notFound('invoice');
      return [
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice</title></head><body><h1>Invoice ${escape(String(invoice.number))}</h1><p>${escape(String(invoice.status))}</p></body></html>`,
        html,
      ];
    }

    // The API: authenticated with the secret key, bodies form-encoded as Stripe's are.
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return [
        401,
        { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } },
      ];
    }
    const body = qs.parse(raw) as Json;
    const query = qs.parse(address.search.slice(1)) as Json;
    const expand = [...((body.expand as string[]) ?? []), ...((query.expand as string[]) ?? [])];

    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email,
        name: body.name,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/products') {
      const product = {
        id: id('prod'),
        object: 'product',
        name: body.name,
        active: true,
        metadata: body.metadata ?? {},
      };
      products.set(product.id, product);
      return [200, product];
    }
    if (method === 'POST' && path === '/v1/prices') {
      const recurring = body.recurring as { interval: string; interval_count?: string };
      const price = {
        id: id('price'),
        object: 'price',
        product: body.product,
        unit_amount: Number(body.unit_amount),
        currency: body.currency,
        type: 'recurring',
        recurring: {
          interval: recurring.interval,
          interval_count: Number(recurring.interval_count ?? 1),
        },
      };
      prices.set(price.id, price);
      return [200, price];
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const coupon = {
        id: id('coupon'),
        object: 'coupon',
        percent_off: Number(body.percent_off),
        duration: body.duration,
        name: body.name,
      };
      coupons.set(coupon.id, coupon);
      return [200, coupon];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = body.line_items as Json[];
      if (!customers.has(String(body.customer)))
        return notFound(`customer: '${String(body.customer)}'`);
      if (!prices.has(String(lineItems?.[0]?.price)))
        return notFound(`price: '${String(lineItems?.[0]?.price)}'`);
      const session: Json = {
        id: id('cs'),
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        line_items: lineItems,
        discounts: body.discounts ?? [],
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data ?? {},
        subscription: null,
        url: '',
      };
      session.url = `${url}/checkout/${String(session.id)}`;
      sessions.set(session.id as string, session);
      return [200, session];
    }
    match = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (match) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return notFound(`subscription: '${match[1]}'`);
      if (method === 'GET') return [200, expandSubscription(subscription, expand)];
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        subscription.canceled_at = now();
        subscription.ended_at = now();
        await emit('customer.subscription.deleted', subscription as unknown as Json);
        return [200, expandSubscription(subscription, expand)];
      }
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
          subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
        }
        const items = body.items as Json[] | undefined;
        if (items?.[0]?.price) {
          const price = prices.get(String(items[0].price));
          if (!price) return notFound(`price: '${String(items[0].price)}'`);
          const item = subscription.items.data[0]!;
          const old = item.price as Json;
          item.price = price;
          if (body.proration_behavior === 'always_invoice') {
            const amount = prorated(item, old, price, Number(body.proration_date ?? now()));
            await emit('invoice.paid', createInvoice(subscription, amount, true));
          }
        }
        await emit('customer.subscription.updated', subscription as unknown as Json);
        return [200, expandSubscription(subscription, expand)];
      }
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      // The invoice a subscription update would create, without making the change.
      const subscription = subscriptions.get(String(body.subscription));
      if (!subscription) return notFound(`subscription: '${String(body.subscription)}'`);
      const details = (body.subscription_details ?? {}) as Json;
      const items = details.items as Json[] | undefined;
      const item = subscription.items.data[0]!;
      const old = item.price as Json;
      const price = items?.[0]?.price ? prices.get(String(items[0].price)) : old;
      if (!price) return notFound(`price: '${String(items?.[0]?.price)}'`);
      const at = Number(details.proration_date ?? now());
      const amount =
        details.proration_behavior === 'always_invoice' ? prorated(item, old, price, at) : 0;
      return [
        200,
        {
          id: `upcoming_${subscription.id}`,
          object: 'invoice',
          customer: subscription.customer,
          status: 'draft',
          amount_due: amount,
          amount_paid: 0,
          subtotal: amount,
          total: amount,
          currency: price.currency,
          created: at,
          subscription_proration_date: at,
          lines: list(
            amount > 0
              ? [{ object: 'line_item', amount, currency: price.currency, description: null }]
              : [],
            `/v1/invoices/upcoming_${subscription.id}/lines`,
          ),
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: {
              subscription: subscription.id,
              metadata: subscription.metadata,
            },
          },
        },
      ];
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const mine = [...invoices.values()]
        .filter((invoice) => invoice.customer === query.customer)
        .sort(
          (a, b) =>
            Number(b.created) - Number(a.created) || String(b.id).localeCompare(String(a.id)),
        );
      return [200, list(mine.slice(0, Number(query.limit ?? 10)), '/v1/invoices')];
    }
    match = /^\/v1\/invoices\/(in_\w+)$/.exec(path);
    if (match && method === 'GET') {
      const invoice = invoices.get(match[1]!);
      return invoice ? [200, invoice] : notFound(`invoice: '${match[1]}'`);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const portal = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: '',
      };
      portal.url = `${url}/portal/${portal.id}`;
      portals.set(portal.id, portal);
      return [200, portal];
    }
    return notFound(`route: ${method} ${path}`);
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
    secretKey,
    webhookSecret,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    sessionOf(checkoutUrl) {
      return /\/checkout\/(cs_\w+)/.exec(checkoutUrl)![1]!;
    },
    async pay(sessionId, card = '4242424242424242') {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      if (session.status === 'open') await completeCheckout(session, card);
      return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId);
    },
    async renew(subscriptionId, { paid = true } = {}) {
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
    async refund(subscriptionId) {
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
    endPeriod,
    subscription: (subscriptionId) => subscriptions.get(subscriptionId),
    subscriptions: () => [...subscriptions.values()],
    events,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
    },
    held: () => heldEvents,
    async deliver(eventId, { timestamp } = {}) {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return post(event.payload, timestamp);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
