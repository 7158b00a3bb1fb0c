import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiAnswer } from './stripe-standin/api.js';
import { hostedPage } from './stripe-standin/hosted-pages.js';
import { createLedger, type StandinAnswer } from './stripe-standin/ledger.js';
import { idMaker, type StandinOptions, type StripeStandin } from './stripe-standin/types.js';
import { createWebhookSender } from './stripe-standin/webhooks.js';

/**
 * A local server that speaks Stripe's HTTP API for exactly the calls the app makes (customers,
 * products, prices, coupons, checkout sessions, subscriptions, invoices and their previews, the
 * billing portal),
 * keeps its state in memory, serves a hosted checkout page a browser can pay on, and posts
 * webhooks signed with Stripe's scheme (`Stripe-Signature: t=…,v1=HMAC-SHA256`). Tests drive
 * what Stripe's clock and banks would do: renewals, failed payments, refunds. The app runs it
 * for demos (`BILLING_DEMO`), so plans can be bought without a Stripe account.
 *
 * Its parts, in `stripe-standin/`: the API (`api.ts`), the pages a browser visits
 * (`hosted-pages.ts`), the objects and what Stripe does to them (`ledger.ts`), and the signed
 * webhooks (`webhooks.ts`).
 */
export async function startStripeStandin(options: StandinOptions = {}): Promise<StripeStandin> {
  const secretKey = options.secretKey ?? 'sk_test_standin';
  const webhookSecret = options.webhookSecret ?? 'whsec_standin';
  const id = idMaker();
  const webhooks = createWebhookSender({ secret: webhookSecret, url: options.webhookUrl, id });

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ledger = createLedger({ url, trialDays: options.trialDays, id, webhooks });

  async function handle(request: http.IncomingMessage, raw: string): Promise<StandinAnswer> {
    const address = new URL(request.url ?? '/', url);
    const method = request.method ?? 'GET';
    return (
      (await hostedPage(ledger, method, address.pathname, raw)) ??
      apiAnswer(ledger, secretKey, request, address, raw)
    );
  }

  // Requests are answered once the address is known: nothing can arrive before it listens.
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
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

  return {
    url,
    secretKey,
    webhookSecret,
    setWebhookUrl: webhooks.setUrl,
    sessionOf(checkoutUrl) {
      return /\/checkout\/(cs_\w+)/.exec(checkoutUrl)![1]!;
    },
    async pay(sessionId, card = '4242424242424242') {
      const session = ledger.sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      if (session.status === 'open') await ledger.completeCheckout(session, card);
      return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId);
    },
    renew: ledger.renew,
    refund: ledger.refund,
    endPeriod: ledger.endPeriod,
    subscription: (subscriptionId) => ledger.subscriptions.get(subscriptionId),
    subscriptions: () => [...ledger.subscriptions.values()],
    events: webhooks.events,
    hold: webhooks.hold,
    release: webhooks.release,
    held: webhooks.held,
    deliver: webhooks.deliver,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
