import type http from 'node:http';
import qs from 'qs';
import { notFound, type Ledger, type StandinAnswer } from './ledger.js';
import { now, type Json } from './types.js';

function list(data: Json[], path: string): Json {
  return { object: 'list', data, has_more: false, url: path };
}

/**
 * Stripe's HTTP API, for exactly the calls the app makes: customers, products, prices, coupons,
 * checkout sessions, subscriptions, invoices and their previews, the billing portal.
 */
export async function apiAnswer(
  ledger: Ledger,
  secretKey: string,
  request: http.IncomingMessage,
  address: URL,
  raw: string,
): Promise<StandinAnswer> {
  const path = address.pathname;
  const method = request.method ?? 'GET';
  let match: RegExpExecArray | null;

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
      id: ledger.id('cus'),
      object: 'customer',
      email: body.email,
      name: body.name,
      metadata: body.metadata ?? {},
    };
    ledger.customers.set(customer.id, customer);
    return [200, customer];
  }
  if (method === 'POST' && path === '/v1/products') {
    const product = {
      id: ledger.id('prod'),
      object: 'product',
      name: body.name,
      active: true,
      metadata: body.metadata ?? {},
    };
    ledger.products.set(product.id, product);
    return [200, product];
  }
  if (method === 'POST' && path === '/v1/prices') {
    const recurring = body.recurring as { interval: string; interval_count?: string };
    const price = {
      id: ledger.id('price'),
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
    ledger.prices.set(price.id, price);
    return [200, price];
  }
  if (method === 'POST' && path === '/v1/coupons') {
    const coupon = {
      id: ledger.id('coupon'),
      object: 'coupon',
      percent_off: Number(body.percent_off),
      duration: body.duration,
      name: body.name,
    };
    ledger.coupons.set(coupon.id, coupon);
    return [200, coupon];
  }
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const lineItems = body.line_items as Json[];
    if (!ledger.customers.has(String(body.customer)))
      return notFound(`customer: '${String(body.customer)}'`);
    if (!ledger.prices.has(String(lineItems?.[0]?.price)))
      return notFound(`price: '${String(lineItems?.[0]?.price)}'`);
    const session: Json = {
      id: ledger.id('cs'),
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
    session.url = `${ledger.url}/checkout/${String(session.id)}`;
    ledger.sessions.set(session.id as string, session);
    return [200, session];
  }
  match = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
  if (match) {
    const subscription = ledger.subscriptions.get(match[1]!);
    if (!subscription) return notFound(`subscription: '${match[1]}'`);
    if (method === 'GET') return [200, ledger.expandSubscription(subscription, expand)];
    if (method === 'DELETE') {
      subscription.status = 'canceled';
      subscription.canceled_at = now();
      subscription.ended_at = now();
      await ledger.emit('customer.subscription.deleted', subscription as unknown as Json);
      return [200, ledger.expandSubscription(subscription, expand)];
    }
    if (method === 'POST') {
      if (body.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
      }
      const items = body.items as Json[] | undefined;
      if (items?.[0]?.price) {
        const price = ledger.prices.get(String(items[0].price));
        if (!price) return notFound(`price: '${String(items[0].price)}'`);
        const item = subscription.items.data[0]!;
        const old = item.price as Json;
        item.price = price;
        if (body.proration_behavior === 'always_invoice') {
          const amount = ledger.prorated(item, old, price, Number(body.proration_date ?? now()));
          await ledger.emit('invoice.paid', ledger.createInvoice(subscription, amount, true));
        }
      }
      await ledger.emit('customer.subscription.updated', subscription as unknown as Json);
      return [200, ledger.expandSubscription(subscription, expand)];
    }
  }
  if (method === 'POST' && path === '/v1/invoices/create_preview') {
    // The invoice a subscription update would create, without making the change.
    const subscription = ledger.subscriptions.get(String(body.subscription));
    if (!subscription) return notFound(`subscription: '${String(body.subscription)}'`);
    const details = (body.subscription_details ?? {}) as Json;
    const items = details.items as Json[] | undefined;
    const item = subscription.items.data[0]!;
    const old = item.price as Json;
    const price = items?.[0]?.price ? ledger.prices.get(String(items[0].price)) : old;
    if (!price) return notFound(`price: '${String(items?.[0]?.price)}'`);
    const at = Number(details.proration_date ?? now());
    const amount =
      details.proration_behavior === 'always_invoice' ? ledger.prorated(item, old, price, at) : 0;
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
    const mine = [...ledger.invoices.values()]
      .filter((invoice) => invoice.customer === query.customer)
      .sort(
        (a, b) => Number(b.created) - Number(a.created) || String(b.id).localeCompare(String(a.id)),
      );
    return [200, list(mine.slice(0, Number(query.limit ?? 10)), '/v1/invoices')];
  }
  match = /^\/v1\/invoices\/(in_\w+)$/.exec(path);
  if (match && method === 'GET') {
    const invoice = ledger.invoices.get(match[1]!);
    return invoice ? [200, invoice] : notFound(`invoice: '${match[1]}'`);
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    const portal = {
      id: ledger.id('bps'),
      object: 'billing_portal.session',
      customer: body.customer,
      return_url: body.return_url,
      url: '',
    };
    portal.url = `${ledger.url}/portal/${portal.id}`;
    ledger.portals.set(portal.id, portal);
    return [200, portal];
  }
  return notFound(`route: ${method} ${path}`);
}
