import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { createBillingTestApp, plans, subscribe, type BillingTestApp } from './billing.testing.js';

let t: BillingTestApp;
let admin: TestClient;
let catalogue: Awaited<ReturnType<typeof plans>>;
let sequence = 0;

beforeAll(async () => {
  t = await createBillingTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  catalogue = await plans(admin);
});
afterAll(() => t.close());

async function voucher(overrides: Record<string, unknown> = {}) {
  sequence++;
  const response = await admin.post('/api/v1/admin/vouchers', {
    code: `promo-${sequence}`,
    discount_percentage: 100,
    product_id: catalogue.premium.product.id,
    price_id: catalogue.premium.yearly.id,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().voucher as { id: number; code: string; uses: number };
}

const preview = async (code: string) =>
  (
    await (
      await new TestClient(t.app).visit()
    ).post('/api/v1/vouchers/preview-register', { voucher_code: code })
  ).json();

describe('vouchers', () => {
  it('stores codes upper-cased and unique whatever their case', async () => {
    const created = await voucher({ code: 'summer-sale' });
    expect(created.code).toBe('SUMMER-SALE');
    const again = await admin.post('/api/v1/admin/vouchers', {
      code: 'Summer-Sale',
      discount_percentage: 10,
      product_id: catalogue.premium.product.id,
      price_id: catalogue.premium.yearly.id,
    });
    expect(again.json().errors).toEqual({ code: 'Another voucher has this code.' });
    for (const discount of [0, 101, 12.5, -3]) {
      const bad = await admin.post('/api/v1/admin/vouchers', {
        code: `bad${discount}`.replace('.', ''),
        discount_percentage: discount,
        product_id: catalogue.premium.product.id,
        price_id: catalogue.premium.yearly.id,
      });
      expect(bad.statusCode, String(discount)).toBe(422);
    }
    const wrongPrice = await admin.post('/api/v1/admin/vouchers', {
      code: 'mismatch',
      discount_percentage: 10,
      product_id: catalogue.premium.product.id,
      price_id: catalogue.family.yearly.id,
    });
    expect(wrongPrice.json().errors).toHaveProperty('price_id');
  });

  it('previews a valid code with its plan and price, and refuses unknown, expired and used-up ones', async () => {
    const half = await voucher({ discount_percentage: 50 });
    expect(await preview(` ${half.code.toLowerCase()} `)).toEqual({
      valid: true,
      message: 'Valid voucher.',
      voucher: { id: half.id, code: half.code, discount_percentage: 50 },
      plan: {
        product_id: catalogue.premium.product.id,
        price_id: catalogue.premium.yearly.id,
        product_name: 'Premium',
        interval: 'year',
      },
      pricing: {
        original_price: 19900,
        discount_amount: 9950,
        final_price: 9950,
        discount_percentage: 50,
        currency: 'BRL',
      },
    });
    const refused = { valid: false, message: 'Invalid voucher.' };
    expect(await preview('NO-SUCH-CODE')).toEqual(refused);
    const expired = await voucher({ expires_at: new Date(Date.now() - 60_000).toISOString() });
    expect(await preview(expired.code)).toEqual(refused);
    const usedUp = await voucher({ max_uses: 1 });
    const { client } = await signedInUser(t.app);
    await client.post('/api/v1/vouchers/create-free-subscription', {
      product_id: catalogue.premium.product.id,
      price_id: catalogue.premium.yearly.id,
      voucher_id: usedUp.id,
    });
    expect(await preview(usedUp.code)).toEqual(refused);
  });

  it('limits how many codes an address may try', async () => {
    const guest = await new TestClient(t.app).visit();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push(
        (
          await guest.post(
            '/api/v1/vouchers/preview-register',
            { voucher_code: `GUESS${attempt}` },
            { remoteAddress: '203.0.113.9' },
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('gives the plan for one period with a 100 % voucher, once per user', async () => {
    const free = await voucher();
    const { client } = await signedInUser(t.app);
    const body = {
      product_id: catalogue.premium.product.id,
      price_id: catalogue.premium.yearly.id,
      voucher_id: free.id,
    };
    const created = await client.post('/api/v1/vouchers/create-free-subscription', body);
    expect(created.statusCode, created.body).toBe(200);
    const { subscription } = created.json();
    expect(subscription).toMatchObject({
      gateway: 'voucher',
      valid: true,
      product: { name: 'Premium' },
    });
    expect(Date.parse(subscription.ends_at)).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const user = (await client.get('/api/v1/me?with=permissions')).json().user;
    expect(user.permissions.map((p: { name: string }) => p.name)).toContain('ads.hide');

    const twice = await client.post('/api/v1/vouchers/create-free-subscription', body);
    expect(twice.statusCode).toBe(422);
    const other = await signedInUser(t.app);
    const wrongPlan = await other.client.post('/api/v1/vouchers/create-free-subscription', {
      ...body,
      product_id: catalogue.family.product.id,
      price_id: catalogue.family.yearly.id,
    });
    expect(wrongPlan.json().errors).toEqual({ voucher_code: 'This voucher is for another plan.' });
    const stored = await t.db.kysely
      .selectFrom('vouchers')
      .select('uses')
      .where('id', '=', free.id)
      .executeTakeFirstOrThrow();
    expect(stored.uses).toBe(1);
  });

  it('gives the last use to one of two users racing for it', async () => {
    const last = await voucher({ max_uses: 1 });
    const [a, b] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
    const body = {
      product_id: catalogue.premium.product.id,
      price_id: catalogue.premium.yearly.id,
      voucher_id: last.id,
    };
    const results = await Promise.all([
      a.client.post('/api/v1/vouchers/create-free-subscription', body),
      b.client.post('/api/v1/vouchers/create-free-subscription', body),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 422]);
    const subscriptions = await t.db.kysely
      .selectFrom('subscriptions')
      .select('user_id')
      .where('voucher_id', '=', last.id)
      .execute();
    expect(subscriptions).toHaveLength(1);
    const stored = await t.db.kysely
      .selectFrom('vouchers')
      .select('uses')
      .where('id', '=', last.id)
      .executeTakeFirstOrThrow();
    expect(stored.uses).toBe(1);
  });

  it('discounts a checkout with a partial voucher and counts the use when the payment completes', async () => {
    const quarter = await voucher({ discount_percentage: 25 });
    const { client } = await signedInUser(t.app);
    await subscribe(
      t,
      client,
      catalogue.premium.product.id,
      catalogue.premium.yearly.id,
      quarter.code,
    );
    const invoices = (await client.get('/api/v1/billing/subscription')).json().invoices;
    expect(invoices[0]).toMatchObject({ amount: 14925, status: 'paid' });
    const stored = await t.db.kysely
      .selectFrom('vouchers')
      .select('uses')
      .where('id', '=', quarter.id)
      .executeTakeFirstOrThrow();
    expect(stored.uses).toBe(1);

    const other = await signedInUser(t.app);
    const wrongPlan = await other.client.post('/api/v1/billing/checkout', {
      product_id: catalogue.family.product.id,
      price_id: catalogue.family.yearly.id,
      voucher_code: quarter.code,
    });
    expect(wrongPlan.json().errors).toEqual({ voucher_code: 'This voucher is for another plan.' });
  });

  it('lets a signed-in user redeem a 100 % code for its plan, once', async () => {
    const free = await voucher({ code: 'gift-redeem', max_uses: 5 });
    const { client } = await signedInUser(t.app);
    const redeemed = await client.post('/api/v1/vouchers/redeem', {
      voucher_code: ' gift-redeem ',
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({
      checkout: null,
      subscription: { gateway: 'voucher', valid: true, product: { name: 'Premium' } },
    });
    const user = (await client.get('/api/v1/me?with=permissions')).json().user;
    expect(user.permissions.map((p: { name: string }) => p.name)).toContain('ads.hide');

    // Nobody gets more than the voucher gives: not a second period, not a second use.
    const again = await client.post('/api/v1/vouchers/redeem', { voucher_code: free.code });
    expect(again.json().errors).toEqual({
      voucher_code: 'You have already redeemed this voucher.',
    });
    const subscriptions = await t.db.kysely
      .selectFrom('subscriptions')
      .select('id')
      .where('voucher_id', '=', free.id)
      .execute();
    expect(subscriptions).toHaveLength(1);
    const stored = await t.db.kysely
      .selectFrom('vouchers')
      .select('uses')
      .where('id', '=', free.id)
      .executeTakeFirstOrThrow();
    expect(stored.uses).toBe(1);
  });

  it('leads a partial code to its discounted checkout without counting a use yet', async () => {
    const tenth = await voucher({ discount_percentage: 10 });
    const { client } = await signedInUser(t.app);
    const redeemed = await client.post('/api/v1/vouchers/redeem', { voucher_code: tenth.code });
    expect(redeemed.json()).toEqual({
      subscription: null,
      checkout: {
        product_id: catalogue.premium.product.id,
        price_id: catalogue.premium.yearly.id,
        voucher_code: tenth.code,
      },
    });
    expect((await client.get('/api/v1/billing/subscription')).json().subscription).toBeNull();
    const stored = await t.db.kysely
      .selectFrom('vouchers')
      .select('uses')
      .where('id', '=', tenth.id)
      .executeTakeFirstOrThrow();
    expect(stored.uses).toBe(0);
  });

  it('says why a code cannot be redeemed: unknown, expired, used up, or a plan held already', async () => {
    const { client } = await signedInUser(t.app);
    const redeem = async (code: string) =>
      (await client.post('/api/v1/vouchers/redeem', { voucher_code: code })).json();
    expect(await redeem('NO-SUCH-GIFT')).toMatchObject({
      message: 'There is no voucher with this code.',
      errors: { voucher_code: 'There is no voucher with this code.' },
    });
    const expired = await voucher({ expires_at: new Date(Date.now() - 60_000).toISOString() });
    expect((await redeem(expired.code)).errors).toEqual({
      voucher_code: 'This voucher has expired.',
    });
    const usedUp = await voucher({ max_uses: 1 });
    const first = await signedInUser(t.app);
    expect(
      (await first.client.post('/api/v1/vouchers/redeem', { voucher_code: usedUp.code }))
        .statusCode,
    ).toBe(200);
    expect((await redeem(usedUp.code)).errors).toEqual({
      voucher_code: 'This voucher has been used up.',
    });

    const premium = await voucher();
    const family = await voucher({
      product_id: catalogue.family.product.id,
      price_id: catalogue.family.yearly.id,
    });
    expect(
      (await first.client.post('/api/v1/vouchers/redeem', { voucher_code: premium.code })).json()
        .errors,
    ).toEqual({
      voucher_code: 'You already have Premium.',
    });
    expect(
      (await first.client.post('/api/v1/vouchers/redeem', { voucher_code: family.code })).json()
        .errors,
    ).toEqual({
      voucher_code: 'You already have a subscription. Redeem the code when it ends.',
    });
    const stored = await t.db.kysely
      .selectFrom('vouchers')
      .select(['id', 'uses'])
      .where('id', 'in', [premium.id, family.id])
      .execute();
    expect(stored.map((row) => row.uses)).toEqual([0, 0]);

    const guest = await new TestClient(t.app).visit();
    expect(
      (await guest.post('/api/v1/vouchers/redeem', { voucher_code: premium.code })).statusCode,
    ).toBe(401);
  });

  it('limits how many codes an account may try', async () => {
    const { client } = await signedInUser(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push(
        (
          await client.post(
            '/api/v1/vouchers/redeem',
            { voucher_code: `GUESS-R${attempt}` },
            { remoteAddress: `198.51.100.${attempt}` },
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('is managed by admins only, each change in the audit log', async () => {
    const created = await voucher({ discount_percentage: 30 });
    const updated = await admin.request('PUT', `/api/v1/admin/vouchers/${created.id}`, {
      code: created.code,
      discount_percentage: 35,
      product_id: catalogue.premium.product.id,
      price_id: catalogue.premium.yearly.id,
      max_uses: 10,
    });
    expect(updated.json().voucher).toMatchObject({ discount_percentage: 35, max_uses: 10 });
    const list = (await admin.get(`/api/v1/admin/vouchers?query=${created.code}`)).json()
      .pagination;
    expect(list.data.map((item: { id: number }) => item.id)).toEqual([created.id]);
    expect((await admin.request('DELETE', `/api/v1/admin/vouchers/${created.id}`)).statusCode).toBe(
      200,
    );
    expect((await admin.request('DELETE', `/api/v1/admin/vouchers/${created.id}`)).statusCode).toBe(
      404,
    );

    const entries = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('subject_type', '=', 'voucher')
      .where('subject_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.action)).toEqual([
      'voucher.created',
      'voucher.updated',
      'voucher.deleted',
    ]);
    expect(JSON.parse(entries[1]!.before!).discount_percentage).toBe(30);
    expect(JSON.parse(entries[1]!.after!).discount_percentage).toBe(35);

    const { client } = await signedInUser(t.app);
    expect((await client.get('/api/v1/admin/vouchers')).statusCode).toBe(403);
    expect((await client.post('/api/v1/admin/vouchers', { code: 'X' })).statusCode).toBe(403);
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/admin/vouchers')).statusCode).toBe(401);
  });
});
