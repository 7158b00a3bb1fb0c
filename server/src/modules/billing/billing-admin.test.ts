import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import {
  createBillingTestApp,
  planForm,
  plans,
  subscribe,
  type BillingTestApp,
} from './billing.testing.js';

let t: BillingTestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createBillingTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t.close());

async function auditActions(type: string, id: number) {
  const rows = await t.db.kysely
    .selectFrom('audit_log')
    .select('action')
    .where('subject_type', '=', type)
    .where('subject_id', '=', String(id))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describe('the admin API of plans', () => {
  it('creates, changes and deletes a plan with its prices and permissions', async () => {
    const created = await admin.post('/api/v1/admin/products', planForm());
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json().product;
    expect(product).toMatchObject({
      name: 'Student',
      prices: [{ amount: 990, currency: 'BRL', interval: 'month', interval_count: 1 }],
      permissions: [{ name: 'ads.hide', restrictions: [] }],
      subscribers: 0,
    });
    const publicNames = (await new TestClient(t.app).get('/api/v1/billing/products'))
      .json()
      .pagination.data.map((item: { name: string }) => item.name);
    expect(publicNames).toContain('Student');

    const changed = await admin.request(
      'PUT',
      `/api/v1/admin/products/${product.id}`,
      planForm({ hidden: true, prices: [] }),
    );
    expect(changed.json().product).toMatchObject({ hidden: true, prices: [], archived_prices: [] });
    const hiddenNames = (await new TestClient(t.app).get('/api/v1/billing/products'))
      .json()
      .pagination.data.map((item: { name: string }) => item.name);
    expect(hiddenNames).not.toContain('Student');

    const listed = (await admin.get('/api/v1/admin/products?query=stud')).json().pagination;
    expect(listed.data.map((item: { id: number }) => item.id)).toEqual([product.id]);
    expect((await admin.request('DELETE', `/api/v1/admin/products/${product.id}`)).statusCode).toBe(
      200,
    );
    expect(await auditActions('product', product.id)).toEqual([
      'product.created',
      'product.updated',
      'product.deleted',
    ]);
  });

  it('keeps the old price for its subscribers when a plan with subscribers is repriced', async () => {
    const { product } = (
      await admin.post('/api/v1/admin/products', planForm({ name: 'Repriced' }))
    ).json();
    const { client } = await signedInUser(t.app);
    const oldPrice = product.prices[0];
    await subscribe(t, client, product.id, oldPrice.id);

    const repriced = await admin.request(
      'PUT',
      `/api/v1/admin/products/${product.id}`,
      planForm({
        name: 'Repriced',
        prices: [{ amount: 1290, currency: 'BRL', interval: 'month' }],
      }),
    );
    const updated = repriced.json().product;
    expect(updated.prices).toEqual([expect.objectContaining({ amount: 1290 })]);
    expect(updated.archived_prices).toEqual([
      expect.objectContaining({ id: oldPrice.id, amount: 990 }),
    ]);
    expect(updated.subscribers).toBe(1);
    const mine = (await client.get('/api/v1/billing/subscription')).json().subscription;
    expect(mine).toMatchObject({ valid: true, price: { id: oldPrice.id, amount: 990 } });

    const removal = await admin.request('DELETE', `/api/v1/admin/products/${product.id}`);
    expect(removal.statusCode).toBe(422);
    expect(removal.json().message).toMatch(/has subscriptions/);
  });

  it('refuses bad plans with field errors', async () => {
    const bad = [
      planForm({ name: '' }),
      planForm({ prices: [{ amount: -100, currency: 'BRL', interval: 'month' }] }),
      planForm({ prices: [{ amount: 9.9, currency: 'BRL', interval: 'month' }] }),
      planForm({ prices: [{ amount: 990, currency: 'REAIS', interval: 'month' }] }),
      planForm({ prices: [{ amount: 990, currency: 'BRL', interval: 'fortnight' }] }),
      planForm({ permissions: [{ name: 'no.such.permission', restrictions: [] }] }),
    ];
    for (const body of bad) {
      const response = await admin.post('/api/v1/admin/products', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors).length).toBeGreaterThan(0);
    }
  });
});

describe('the admin API of subscriptions', () => {
  it('grants a plan by hand and takes it back, audited', async () => {
    const { premium } = await plans(admin);
    const { user, client } = await signedInUser(t.app);
    const granted = await admin.post('/api/v1/admin/subscriptions', {
      user_id: user.id,
      product_id: premium.product.id,
      price_id: premium.monthly.id,
      ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const subscription = granted.json().subscription;
    expect(subscription).toMatchObject({ gateway: 'manual', valid: true, user_id: user.id });
    const names = async () =>
      (
        (await client.get('/api/v1/me?with=permissions')).json().user.permissions as {
          name: string;
        }[]
      ).map((permission) => permission.name);
    expect(await names()).toContain('ads.hide');
    const again = await admin.post('/api/v1/admin/subscriptions', {
      user_id: user.id,
      product_id: premium.product.id,
      price_id: premium.monthly.id,
    });
    expect(again.statusCode).toBe(422);

    const listed = (await admin.get(`/api/v1/admin/subscriptions?user_id=${user.id}`)).json()
      .pagination;
    expect(listed.data.map((item: { id: number }) => item.id)).toEqual([subscription.id]);
    // The admin list says whose each subscription is.
    expect(listed.data[0].user).toEqual({
      id: user.id,
      email: user.email,
      display_name: expect.any(String),
    });

    const cancelled = await admin.request(
      'DELETE',
      `/api/v1/admin/subscriptions/${subscription.id}`,
    );
    expect(cancelled.json().subscription).toMatchObject({
      valid: false,
      gateway_status: 'canceled',
    });
    expect(await names()).not.toContain('ads.hide');
    expect(await auditActions('subscription', subscription.id)).toEqual([
      'subscription.granted',
      'subscription.cancelled',
    ]);
  });

  it('refuses grants for unknown users and past ends; refuses normal users and guests', async () => {
    const { premium } = await plans(admin);
    const unknownUser = await admin.post('/api/v1/admin/subscriptions', {
      user_id: 999_999,
      product_id: premium.product.id,
      price_id: premium.monthly.id,
    });
    expect(unknownUser.json().errors).toEqual({ user_id: 'There is no such user.' });
    const { user, client } = await signedInUser(t.app);
    const past = await admin.post('/api/v1/admin/subscriptions', {
      user_id: user.id,
      product_id: premium.product.id,
      price_id: premium.monthly.id,
      ends_at: '2020-01-01T00:00:00Z',
    });
    expect(past.json().errors).toEqual({ ends_at: 'The end must be in the future.' });

    for (const [method, url] of [
      ['GET', '/api/v1/admin/products'],
      ['POST', '/api/v1/admin/products'],
      ['PUT', '/api/v1/admin/products/1'],
      ['DELETE', '/api/v1/admin/products/1'],
      ['GET', '/api/v1/admin/subscriptions'],
      ['POST', '/api/v1/admin/subscriptions'],
      ['DELETE', '/api/v1/admin/subscriptions/1'],
    ] as const) {
      expect(
        (await client.request(method, url, method === 'GET' ? undefined : {})).statusCode,
        url,
      ).toBe(403);
      const guest = await new TestClient(t.app).visit();
      expect(
        (await guest.request(method, url, method === 'GET' ? undefined : {})).statusCode,
        url,
      ).toBe(401);
    }
  });
});
