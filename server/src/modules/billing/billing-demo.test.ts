import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { plans } from './billing.testing.js';

/*
 * Demo billing (BILLING_DEMO, no Stripe keys): the app starts the payment stand-in itself, turns
 * billing on, and a plan bought on the stand-in's hosted page reaches the account through signed
 * webhooks, as with Stripe.
 */

let t: TestApp;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ BILLING_DEMO: 'true', APP_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('demo billing', () => {
  it('is on, and a plan bought on the stand-in’s checkout page reaches the account', async () => {
    expect(await t.app.services.settings.get('billing.enable')).toBe(true);
    const { client } = await signedInUser(t.app);
    const { premium } = await plans(client);
    const checkout = await client.post('/api/v1/billing/checkout', {
      product_id: premium.product.id,
      price_id: premium.monthly.id,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url = checkout.json().url as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_\w+$/);

    const page = await fetch(url);
    expect(await page.text()).toContain('Pay Premium');
    const paid = await fetch(`${url}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ card: '4242 4242 4242 4242' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    const overview = (await client.get('/api/v1/billing/subscription')).json();
    expect(overview.subscription).toMatchObject({
      product_id: premium.product.id,
      gateway_status: 'active',
    });
  });
});
