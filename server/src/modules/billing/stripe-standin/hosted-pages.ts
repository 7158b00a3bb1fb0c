import { notFound, type Ledger, type StandinAnswer } from './ledger.js';
import type { Json } from './types.js';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const html = { 'content-type': 'text/html; charset=utf-8' };

function hostedCheckoutPage(ledger: Ledger, session: Json): string {
  const lineItem = (session.line_items as Json[])[0]!;
  const price = ledger.prices.get(lineItem.price as string)!;
  const product = ledger.products.get(price.product as string);
  const couponId = (session.discounts as Json[] | undefined)?.[0]?.coupon as string | undefined;
  const amount = ledger.discounted(price.unit_amount as number, couponId);
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

/**
 * The pages a browser visits: hosted checkout (paying on it completes the session), the billing
 * portal and invoices. Undefined for any other address.
 */
export async function hostedPage(
  ledger: Ledger,
  method: string,
  path: string,
  raw: string,
): Promise<StandinAnswer | undefined> {
  let match = /^\/checkout\/(cs_\w+)$/.exec(path);
  if (match && method === 'GET') {
    const session = ledger.sessions.get(match[1]!);
    return session
      ? [200, hostedCheckoutPage(ledger, session), html]
      : notFound('checkout session');
  }
  match = /^\/checkout\/(cs_\w+)\/pay$/.exec(path);
  if (match && method === 'POST') {
    const session = ledger.sessions.get(match[1]!);
    if (!session) return notFound('checkout session');
    const card = String(new URLSearchParams(raw).get('card') ?? '4242').replace(/\s/g, '');
    if (session.status === 'open') await ledger.completeCheckout(session, card);
    const success = String(session.success_url).replace(
      '{CHECKOUT_SESSION_ID}',
      String(session.id),
    );
    return [303, '', { location: success }];
  }
  match = /^\/portal\/(bps_\w+)$/.exec(path);
  if (match && method === 'GET') {
    const portal = ledger.portals.get(match[1]!);
    if (!portal) return notFound('portal session');
    return [
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal</title></head><body><h1>Billing portal</h1><p>Customer ${escape(String(portal.customer))}</p><a href="${escape(String(portal.return_url))}">Return</a></body></html>`,
      html,
    ];
  }
  match = /^\/invoices\/(in_\w+)(\.pdf)?$/.exec(path);
  if (match && method === 'GET') {
    const invoice = ledger.invoices.get(match[1]!);
    if (!invoice) return notFound('invoice');
    return [
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice</title></head><body><h1>Invoice ${escape(String(invoice.number))}</h1><p>${escape(String(invoice.status))}</p></body></html>`,
      html,
    ];
  }
  return undefined;
}
