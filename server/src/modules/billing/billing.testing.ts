import type { AddressInfo } from 'node:net';
import type { Product } from '@cadenza/contracts/billing';
import { startStripeStandin } from './stripe-standin.js';
import type { StandinOptions, StripeStandin } from './stripe-standin/types.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';

export interface BillingTestApp extends TestApp {
  stripe: StripeStandin;
}

/**
 * The app with payments through a local Stripe stand-in, listening on a port of its own so the
 * stand-in's webhooks reach it over HTTP, as Stripe's would.
 */
export async function createBillingTestApp(
  env: Record<string, string> = {},
  standin: StandinOptions = {},
): Promise<BillingTestApp> {
  const stripe = await startStripeStandin(standin);
  const t = await createTestApp({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    ...env,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  stripe.setWebhookUrl(`http://127.0.0.1:${port}/api/v1/billing/stripe/webhook`);
  return {
    ...t,
    stripe,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

/** The seeded plans by name, with their monthly and yearly prices in reais. */
export async function plans(client: TestClient) {
  const products = (await client.get('/api/v1/billing/products')).json().pagination
    .data as Product[];
  const plan = (name: string) => {
    const product = products.find((candidate) => candidate.name === name)!;
    const price = (interval: 'month' | 'year') =>
      product.prices.find(
        (candidate) => candidate.interval === interval && candidate.currency === 'BRL',
      )!;
    return { product, monthly: price('month'), yearly: price('year') };
  };
  return { premium: plan('Premium'), family: plan('Family'), free: plan('Free') };
}

/** Subscribes the client's user through the hosted checkout, paying on the stand-in. */
export async function subscribe(
  t: BillingTestApp,
  client: TestClient,
  productId: number,
  priceId: number,
  voucherCode?: string,
) {
  const checkout = await client.post('/api/v1/billing/checkout', {
    product_id: productId,
    price_id: priceId,
    ...(voucherCode ? { voucher_code: voucherCode } : {}),
  });
  if (checkout.statusCode !== 200) throw new Error(`checkout: ${checkout.body}`);
  const sessionId = t.stripe.sessionOf(checkout.json().url as string);
  await t.stripe.pay(sessionId);
  return t.stripe.subscriptions().at(-1)!;
}

/** A plan as the admin's form sends it: a student plan granting `ads.hide`, unless told otherwise. */
export const planForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Student',
  description: 'Premium at half the price, for students.',
  recommended: false,
  feature_list: ['No ads'],
  prices: [{ amount: 990, currency: 'brl', interval: 'month', interval_count: 1 }],
  permissions: [{ name: 'ads.hide', restrictions: [] }],
  ...overrides,
});
