import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startSmtpServer } from '../../test/smtp.js';
import { signPayload } from './stripe-standin/webhooks.js';
import { TestClient } from '../../test/test-client.js';
import { createBillingTestApp, plans, subscribe, type BillingTestApp } from './billing.testing.js';

let t: BillingTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let catalogue: Awaited<ReturnType<typeof plans>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createBillingTestApp({ MAIL_URL: smtp.url });
  catalogue = await plans(new TestClient(t.app));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function me(client: TestClient) {
  const user = (await client.get('/api/v1/me?with=subscriptions,permissions')).json().user;
  return {
    subscriptions: user.subscriptions as {
      product_id: number;
      valid: boolean;
      gateway_status: string;
    }[],
    permissions: (user.permissions as { name: string }[]).map((permission) => permission.name),
  };
}

async function overview(client: TestClient) {
  return (await client.get('/api/v1/billing/subscription')).json();
}

const mailsTo = (email: string, subject: RegExp) =>
  smtp.inbox.filter(
    (mail) => JSON.stringify(mail.to).includes(email) && subject.test(mail.subject ?? ''),
  );

describe('plans', () => {
  it('lists the visible plans with their prices; Family is product 3', async () => {
    const response = await new TestClient(t.app).get('/api/v1/billing/products');
    expect(response.statusCode).toBe(200);
    const names = response.json().pagination.data.map((product: { name: string }) => product.name);
    expect(names).toEqual(['Free', 'Premium', 'Family']);
    expect(catalogue.family.product.id).toBe(3);
    expect(catalogue.premium.yearly).toMatchObject({
      amount: 19900,
      currency: 'BRL',
      interval: 'year',
    });
    expect(catalogue.free.product.prices).toEqual([]);
  });
});

describe('a subscription through checkout and webhooks', () => {
  it('starts when the payment completes, grants the plan at once and mails the holder', async () => {
    const { user, client } = await signedInUser(t.app);
    expect((await me(client)).permissions).not.toContain('ads.hide');
    const { premium } = catalogue;
    const subscription = await subscribe(t, client, premium.product.id, premium.yearly.id);

    const after = await me(client);
    expect(after.subscriptions).toEqual([
      expect.objectContaining({
        product_id: premium.product.id,
        valid: true,
        gateway_status: 'active',
      }),
    ]);
    expect(after.permissions).toEqual(
      expect.arrayContaining(['ads.hide', 'music.download', 'music.offline']),
    );
    const billing = await overview(client);
    expect(billing.subscription).toMatchObject({
      product: { name: 'Premium' },
      price: { interval: 'year', amount: 19900 },
      cancel_at_period_end: false,
      gateway: 'stripe',
    });
    expect(Date.parse(billing.subscription.renews_at)).toBeGreaterThan(
      Date.now() + 300 * 86_400_000,
    );
    expect(billing.payment_method).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(billing.invoices).toEqual([
      expect.objectContaining({
        status: 'paid',
        amount: 19900,
        currency: 'BRL',
        url: expect.stringContaining('/invoices/'),
      }),
    ]);
    await smtp.waitFor(user.email, /Your Premium subscription has started/);
    expect(subscription.metadata.user_id).toBe(String(user.id));
  });

  it('processes an event delivered twice once', async () => {
    const { user, client } = await signedInUser(t.app);
    const subscription = await subscribe(
      t,
      client,
      catalogue.premium.product.id,
      catalogue.premium.monthly.id,
    );
    await smtp.waitFor(user.email, /has started/);
    const completed = t.stripe.events.findLast(
      (event) => event.type === 'checkout.session.completed',
    )!;
    expect(await t.stripe.deliver(completed.id)).toBe(200);
    expect(await t.stripe.deliver(completed.id)).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('gateway_id', '=', subscription.id)
      .execute();
    expect(rows).toHaveLength(1);
    await expect.poll(() => mailsTo(user.email, /has started/).length).toBe(1);
  });

  it('ends in the gateway’s state whatever order the events arrive in', async () => {
    const { client } = await signedInUser(t.app);
    await subscribe(t, client, catalogue.premium.product.id, catalogue.premium.monthly.id);
    t.stripe.hold();
    expect(
      (await client.post('/api/v1/billing/cancel')).json().subscription.cancel_at_period_end,
    ).toBe(true);
    expect(
      (await client.post('/api/v1/billing/resume')).json().subscription.cancel_at_period_end,
    ).toBe(false);
    t.stripe.release();
    const [cancelled, resumed] = t.stripe.held().slice(-2);
    // The newer event first, then the older one: the older must not undo the newer.
    await t.stripe.deliver(resumed!.id);
    await t.stripe.deliver(cancelled!.id);
    const { subscription } = await overview(client);
    expect(subscription.cancel_at_period_end).toBe(false);
    expect(subscription.ends_at).toBeNull();
  });

  it('acknowledges and ignores events whose subscription names a user who does not exist', async () => {
    const { user, client } = await signedInUser(t.app);
    const heldBefore = t.stripe.held().length;
    t.stripe.hold();
    const subscription = await subscribe(
      t,
      client,
      catalogue.premium.product.id,
      catalogue.premium.monthly.id,
    );
    t.stripe.release();
    const events = t.stripe.held().slice(heldBefore);
    expect(events.map((event) => event.type)).toContain('checkout.session.completed');
    // The account is gone by the time the gateway's events arrive.
    await t.db.kysely.deleteFrom('users').where('id', '=', user.id).execute();
    for (const event of events) expect(await t.stripe.deliver(event.id), event.type).toBe(200);
    // Delivered again, still acknowledged: the gateway has no reason to keep retrying.
    expect(await t.stripe.deliver(events[0]!.id)).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('gateway_id', '=', subscription.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses webhooks with a bad, missing, stale or future-dated signature, and changes nothing', async () => {
    const { client } = await signedInUser(t.app);
    const subscription = await subscribe(
      t,
      client,
      catalogue.premium.product.id,
      catalogue.premium.monthly.id,
    );
    const event = t.stripe.events.findLast(
      (candidate) => candidate.type === 'customer.subscription.created',
    )!;
    const forged = JSON.parse(event.payload);
    forged.id = 'evt_forged';
    forged.type = 'customer.subscription.deleted';
    const payload = JSON.stringify(forged);
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/stripe/webhook',
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const wrongSecret = await post({ 'stripe-signature': signPayload(payload, 'whsec_wrong') });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({
      message:
        'The webhook signature is missing, invalid, or not dated within five minutes of now.',
    });
    expect((await post({})).statusCode).toBe(400);
    const stale = signPayload(payload, t.stripe.webhookSecret, Math.floor(Date.now() / 1000) - 301);
    expect((await post({ 'stripe-signature': stale })).statusCode).toBe(400);
    // A genuine old delivery is refused the same way.
    expect(
      await t.stripe.deliver(event.id, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    ).toBe(400);
    // So is one dated more than five minutes ahead, forged or genuine.
    const ahead = signPayload(
      payload,
      t.stripe.webhookSecret,
      Math.floor(Date.now() / 1000) + 3600,
    );
    const early = await post({ 'stripe-signature': ahead });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      message:
        'The webhook signature is missing, invalid, or not dated within five minutes of now.',
    });
    expect(
      await t.stripe.deliver(event.id, { timestamp: Math.floor(Date.now() / 1000) + 301 }),
    ).toBe(400);
    // A clock a little ahead of ours is within the window.
    expect(
      await t.stripe.deliver(event.id, { timestamp: Math.floor(Date.now() / 1000) + 60 }),
    ).toBe(200);
    expect((await overview(client)).subscription).toMatchObject({
      valid: true,
      gateway_status: 'active',
    });
    expect(t.stripe.subscription(subscription.id)!.status).toBe('active');
  });

  it('keeps the plan through a grace period after a failed payment, then takes it away', async () => {
    const { user, client } = await signedInUser(t.app);
    const subscription = await subscribe(
      t,
      client,
      catalogue.premium.product.id,
      catalogue.premium.monthly.id,
    );
    await t.stripe.renew(subscription.id, { paid: false });
    const during = await overview(client);
    expect(during.subscription).toMatchObject({
      gateway_status: 'past_due',
      valid: true,
      on_grace_period: true,
    });
    expect((await me(client)).permissions).toContain('ads.hide');
    await smtp.waitFor(user.email, /did not go through/);

    await t.db.kysely
      .updateTable('subscriptions')
      .set({ grace_ends_at: new Date(Date.now() - 1000).toISOString() })
      .where('gateway_id', '=', subscription.id)
      .execute();
    expect((await overview(client)).subscription.valid).toBe(false);
    expect((await me(client)).permissions).not.toContain('ads.hide');

    // Paying at last brings the plan back.
    await t.stripe.renew(subscription.id, { paid: true });
    expect((await overview(client)).subscription).toMatchObject({
      gateway_status: 'active',
      valid: true,
    });
    expect((await me(client)).permissions).toContain('ads.hide');
  });

  it('cancels at the end of the period, resumes, and ends with an e-mail each time', async () => {
    const { user, client } = await signedInUser(t.app);
    const subscription = await subscribe(
      t,
      client,
      catalogue.premium.product.id,
      catalogue.premium.monthly.id,
    );
    const cancelled = (await client.post('/api/v1/billing/cancel')).json().subscription;
    expect(cancelled).toMatchObject({ cancel_at_period_end: true, valid: true, renews_at: null });
    expect(cancelled.ends_at).toBeTruthy();
    await smtp.waitFor(user.email, /subscription is cancelled/);
    expect((await client.post('/api/v1/billing/resume')).json().subscription).toMatchObject({
      cancel_at_period_end: false,
      ends_at: null,
    });
    expect((await client.post('/api/v1/billing/resume')).statusCode).toBe(422);

    await client.post('/api/v1/billing/cancel');
    await t.stripe.renew(subscription.id);
    expect((await overview(client)).subscription).toMatchObject({
      gateway_status: 'canceled',
      valid: false,
    });
    expect((await me(client)).permissions).not.toContain('ads.hide');
    await smtp.waitFor(user.email, /subscription has ended/);
  });

  it('ends at once on a full refund', async () => {
    const { client } = await signedInUser(t.app);
    const subscription = await subscribe(
      t,
      client,
      catalogue.premium.product.id,
      catalogue.premium.monthly.id,
    );
    await t.stripe.refund(subscription.id);
    expect((await overview(client)).subscription).toMatchObject({
      valid: false,
      gateway_status: 'canceled',
    });
    expect(t.stripe.subscription(subscription.id)!.status).toBe('canceled');
    expect((await me(client)).permissions).not.toContain('music.download');
  });

  it('upgrades at once and downgrades at the end of the period', async () => {
    const { client } = await signedInUser(t.app);
    const { premium, family } = catalogue;
    const subscription = await subscribe(t, client, premium.product.id, premium.monthly.id);

    const up = await client.post('/api/v1/billing/change-plan', {
      product_id: family.product.id,
      price_id: family.monthly.id,
    });
    expect(up.json()).toMatchObject({
      upgrade: true,
      subscription: { product: { name: 'Family' } },
    });
    // The gateway charged the difference for the rest of the period.
    expect(t.stripe.events.at(-2)!.type).toBe('invoice.paid');

    const down = await client.post('/api/v1/billing/change-plan', {
      product_id: premium.product.id,
      price_id: premium.monthly.id,
    });
    expect(down.json()).toMatchObject({
      upgrade: false,
      subscription: { product: { name: 'Family' }, pending: { product: { name: 'Premium' } } },
    });
    expect((await overview(client)).subscription.product.name).toBe('Family');
    await t.stripe.renew(subscription.id);
    expect((await overview(client)).subscription).toMatchObject({
      product: { name: 'Premium' },
      pending: null,
    });
  });

  it('mails the holder when a cancelled plan resumes, so the last mail does not say cancelled', async () => {
    const { user, client } = await signedInUser(t.app);
    await subscribe(t, client, catalogue.premium.product.id, catalogue.premium.monthly.id);
    await client.post('/api/v1/billing/cancel');
    await smtp.waitFor(user.email, /subscription is cancelled/);
    const resumed = (await client.post('/api/v1/billing/resume')).json().subscription;
    const mail = await smtp.waitFor(user.email, /Your Premium subscription will renew again/);
    const renews = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(resumed.renews_at),
    );
    expect(mail.text).toContain(`renews on ${renews}`);
    // The gateway's own events about the same change send no second mail.
    await expect.poll(() => mailsTo(user.email, /will renew again/).length).toBe(1);
  });

  it('shows what an upgrade charges before it is made, and mails each change of plan', async () => {
    const { user, client } = await signedInUser(t.app);
    const { premium, family } = catalogue;
    await subscribe(t, client, premium.product.id, premium.monthly.id);
    const body = { product_id: family.product.id, price_id: family.monthly.id };

    const preview = await client.post('/api/v1/billing/change-plan/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    const { amount_due, currency, upgrade, proration_date } = preview.json();
    expect({ currency, upgrade }).toEqual({ currency: 'BRL', upgrade: true });
    // Nearly the whole period is left: nearly the whole difference between the prices.
    const difference = family.monthly.amount - premium.monthly.amount;
    expect(amount_due).toBeGreaterThan(difference * 0.99);
    expect(amount_due).toBeLessThanOrEqual(difference);
    // Previewing changes nothing.
    expect((await overview(client)).subscription.product.name).toBe('Premium');

    // A preview shown long ago is not confirmed as if it were current.
    const stale = await client.post('/api/v1/billing/change-plan', {
      ...body,
      proration_date: Math.floor(Date.now() / 1000) - 2 * 3600,
    });
    expect(stale.json().errors).toEqual({
      proration_date: 'The amount shown is out of date. Open the plan change again.',
    });
    expect((await overview(client)).subscription.product.name).toBe('Premium');

    // Confirmed with the preview's moment, the charge is the amount shown, to the cent.
    await client.post('/api/v1/billing/change-plan', { ...body, proration_date });
    const invoices = (await overview(client)).invoices;
    expect(invoices[0].amount).toBe(amount_due);
    await smtp.waitFor(user.email, /Your plan is now Family/);

    const down = { product_id: premium.product.id, price_id: premium.monthly.id };
    expect((await client.post('/api/v1/billing/change-plan/preview', down)).json()).toMatchObject({
      upgrade: false,
      amount_due: 0,
      currency: 'BRL',
    });
    await client.post('/api/v1/billing/change-plan', down);
    await smtp.waitFor(user.email, /Your plan changes to Premium on /);
    await expect.poll(() => mailsTo(user.email, /Your plan (is now|changes to)/).length).toBe(2);

    const stranger = await signedInUser(t.app);
    expect(
      (await stranger.client.post('/api/v1/billing/change-plan/preview', body)).json().errors,
    ).toEqual({ subscription: 'You have no subscription to change. Choose a plan first.' });
  });

  it('sends the new mails in the holder’s language', async () => {
    const { user, client } = await signedInUser(t.app);
    await t.db.kysely
      .updateTable('users')
      .set({ language: 'pt-BR' })
      .where('id', '=', user.id)
      .execute();
    await subscribe(t, client, catalogue.premium.product.id, catalogue.premium.monthly.id);
    await client.post('/api/v1/billing/cancel');
    await client.post('/api/v1/billing/resume');
    await smtp.waitFor(user.email, /Sua assinatura Premium voltará a ser renovada/);
  });

  it('refuses checkouts of plans one cannot buy, and changes nothing', async () => {
    const { client } = await signedInUser(t.app);
    const { premium, family, free } = catalogue;
    const checkout = (body: Record<string, unknown>) =>
      client.post('/api/v1/billing/checkout', body);
    expect(
      (await checkout({ product_id: premium.product.id, price_id: 999_999 })).json().errors,
    ).toEqual({
      price_id: 'This price is not available for the plan.',
    });
    expect(
      (await checkout({ product_id: premium.product.id, price_id: family.monthly.id })).statusCode,
    ).toBe(422);
    expect(
      (await checkout({ product_id: free.product.id, price_id: premium.monthly.id })).json().errors,
    ).toEqual({
      product_id: 'The free plan needs no payment.',
    });
    expect((await checkout({ product_id: premium.product.id, price_id: -1 })).statusCode).toBe(422);
    expect((await checkout({ product_id: premium.product.id, price_id: 1.5 })).statusCode).toBe(
      422,
    );

    await subscribe(t, client, premium.product.id, premium.monthly.id);
    const again = await checkout({ product_id: premium.product.id, price_id: premium.yearly.id });
    expect(again.json().errors).toEqual({ product_id: 'You already have Premium.' });
    expect((await new TestClient(t.app).visit()).cookies.size).toBeGreaterThan(0);
    const guest = await new TestClient(t.app).visit();
    expect(
      (await guest.post('/api/v1/billing/checkout', { product_id: 2, price_id: 1 })).statusCode,
    ).toBe(401);
  });

  it('refuses a hidden plan', async () => {
    const { client } = await signedInUser(t.app);
    const { family } = catalogue;
    await t.db.kysely
      .updateTable('products')
      .set({ hidden: 1 })
      .where('id', '=', family.product.id)
      .execute();
    try {
      const names = (await client.get('/api/v1/billing/products'))
        .json()
        .pagination.data.map((product: { name: string }) => product.name);
      expect(names).not.toContain('Family');
      const checkout = await client.post('/api/v1/billing/checkout', {
        product_id: family.product.id,
        price_id: family.monthly.id,
      });
      expect(checkout.json().errors).toEqual({ product_id: 'This plan is not available.' });
    } finally {
      await t.db.kysely
        .updateTable('products')
        .set({ hidden: 0 })
        .where('id', '=', family.product.id)
        .execute();
    }
  });
});

describe('a trial, and mail in the holder’s language', () => {
  it('grants the plan during a trial that ends at the first renewal, told in Portuguese', async () => {
    const trial = await createBillingTestApp({ MAIL_URL: smtp.url }, { trialDays: 14 });
    try {
      const { user, client } = await signedInUser(trial.app);
      await trial.app.services.users.update(user.id, { language: 'pt-BR' });
      const { premium } = await plans(client);
      await subscribe(trial, client, premium.product.id, premium.monthly.id);
      const { subscription } = (await client.get('/api/v1/billing/subscription')).json();
      expect(subscription).toMatchObject({ gateway_status: 'trialing', valid: true, active: true });
      const trialEnd = Date.parse(subscription.trial_ends_at);
      expect(trialEnd).toBeGreaterThan(Date.now() + 13 * 86_400_000);
      expect(Date.parse(subscription.renews_at)).toBe(trialEnd);
      await smtp.waitFor(user.email, /Sua assinatura Premium começou/);
    } finally {
      await trial.close();
    }
  });
});
