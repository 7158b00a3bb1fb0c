import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { signedInAdmin } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { createBillingTestApp, plans, subscribe, type BillingTestApp } from './billing.testing.js';

let t: BillingTestApp;
let catalogue: Awaited<ReturnType<typeof plans>>;
let admin: TestClient;

beforeAll(async () => {
  t = await createBillingTestApp();
  catalogue = await plans(new TestClient(t.app));
  admin = await signedInAdmin(t.app);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

async function revenue(query: string) {
  const response = await admin.get(`/api/v1/admin/reports?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().report.totals.revenue;
}

describe('revenue in the reports', () => {
  it('sums what the gateway charged in the range, less refunds, once per invoice', async () => {
    expect(await revenue('days=7')).toEqual([]);
    const { premium } = catalogue;

    // 19.90 at checkout and 19.90 at renewal; a failed renewal charges nothing.
    const monthly = await signedInUser(t.app);
    const first = await subscribe(t, monthly.client, premium.product.id, premium.monthly.id);
    await t.stripe.renew(first.id);
    await t.stripe.renew(first.id, { paid: false });

    // 199.00 a year, refunded in full: a payment, but no revenue.
    const yearly = await signedInUser(t.app);
    const second = await subscribe(t, yearly.client, premium.product.id, premium.yearly.id);
    await t.stripe.refund(second.id);

    expect(await revenue('days=7')).toEqual([{ currency: 'BRL', amount: 3980, payments: 3 }]);

    // The gateway reporting the same invoice again changes nothing.
    const paid = t.stripe.events.filter((event) => event.type === 'invoice.paid');
    expect(paid).toHaveLength(3);
    for (const event of paid) expect(await t.stripe.deliver(event.id)).toBe(200);
    expect(await revenue('days=7')).toEqual([{ currency: 'BRL', amount: 3980, payments: 3 }]);

    // A range that ended yesterday holds none of today's payments.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await revenue(`from=${yesterday}&to=${yesterday}`)).toEqual([]);
    expect(await revenue(`from=${today()}&to=${today()}`)).toHaveLength(1);
  });

  it('keeps the revenue of a user who deleted their account', async () => {
    const before = (await revenue('days=1'))[0]?.amount ?? 0;
    const { user, client } = await signedInUser(t.app);
    await subscribe(t, client, catalogue.premium.product.id, catalogue.premium.monthly.id);
    expect((await revenue('days=1'))[0].amount).toBe(before + 1990);
    await t.db.kysely.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await revenue('days=1'))[0].amount).toBe(before + 1990);
  });
});
