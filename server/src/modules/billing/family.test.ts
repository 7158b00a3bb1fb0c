import { FAMILY_MESSAGES } from '@cadenza/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { TestClient } from '../../test/test-client.js';
import { createBillingTestApp, plans, subscribe, type BillingTestApp } from './billing.testing.js';

let t: BillingTestApp;
let catalogue: Awaited<ReturnType<typeof plans>>;
let sequence = 0;

beforeAll(async () => {
  t = await createBillingTestApp();
  catalogue = await plans(new TestClient(t.app));
});
afterAll(() => t.close());

const email = (name: string) => `${name}${++sequence}-${Date.now()}@example.com`;

/** A signed-in holder of the Family plan, and the id of the subscription. */
async function familyOwner() {
  const owner = await signedInUser(t.app);
  const gateway = await subscribe(
    t,
    owner.client,
    catalogue.family.product.id,
    catalogue.family.monthly.id,
  );
  const row = await t.db.kysely
    .selectFrom('subscriptions')
    .select('id')
    .where('gateway_id', '=', gateway.id)
    .executeTakeFirstOrThrow();
  return { ...owner, subscriptionId: row.id, gatewayId: gateway.id };
}

function save(
  client: TestClient,
  userId: number,
  subscriptionId: number,
  emails: Record<string, string | null>,
) {
  return client.post('/save-emails.php', {
    userId,
    subscriptionId,
    emails: { email1: null, email2: null, email3: null, editingField: null, ...emails },
  });
}

async function permissionsOf(client: TestClient) {
  const user = (await client.get('/api/v1/me?with=permissions,subscriptions')).json().user;
  return {
    names: (user.permissions as { name: string }[]).map((permission) => permission.name),
    subscriptions: user.subscriptions as { family?: boolean; valid: boolean }[],
  };
}

describe('the Family plan', () => {
  it('lets the holder save member e-mails and read them back', async () => {
    const owner = await familyOwner();
    const first = email('kid');
    const saved = await save(owner.client, owner.user.id, owner.subscriptionId, {
      email1: ` ${first.toUpperCase()} `,
      email3: email('partner'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(FAMILY_MESSAGES.saved);
    const accounts = await owner.client.get(
      `/get-child-accounts.php?user_id=${owner.user.id}&user_email=${encodeURIComponent(owner.user.email)}`,
    );
    expect(accounts.json()).toEqual({
      status: 'success',
      accounts: { email_1: first, email_2: null, email_3: expect.stringContaining('partner') },
    });
  });

  it("refuses another user's family, answers 'blocked' without a Family plan", async () => {
    const owner = await familyOwner();
    const stranger = await signedInUser(t.app);
    expect(
      (await stranger.client.get(`/get-child-accounts.php?user_id=${owner.user.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await save(stranger.client, owner.user.id, owner.subscriptionId, { email1: email('x') }))
        .statusCode,
    ).toBe(403);
    expect(
      (await stranger.client.get(`/update-user-roles.php?user_id=${owner.user.id}`)).statusCode,
    ).toBe(403);

    expect(
      (await stranger.client.get(`/get-child-accounts.php?user_id=${stranger.user.id}`)).json(),
    ).toEqual({
      status: 'blocked',
      message: FAMILY_MESSAGES.noSubscription,
    });
    const premium = await signedInUser(t.app);
    await subscribe(t, premium.client, catalogue.premium.product.id, catalogue.premium.monthly.id);
    const refused = await save(premium.client, premium.user.id, owner.subscriptionId, {
      email1: email('y'),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(FAMILY_MESSAGES.noSubscription);
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get(`/get-child-accounts.php?user_id=${owner.user.id}`)).statusCode).toBe(
      401,
    );
  });

  it('answers a user without a Family plan who sends no subscription id with the Family message', async () => {
    const { user, client } = await signedInUser(t.app);
    const emails = { email1: email('kid'), email2: null, email3: null, editingField: null };
    for (const subscriptionId of [null, undefined]) {
      const refused = await client.post('/save-emails.php', {
        userId: user.id,
        subscriptionId,
        emails,
      });
      expect(refused.statusCode, String(subscriptionId)).toBe(403);
      expect(refused.json()).toEqual({ message: FAMILY_MESSAGES.noSubscription });
    }
    // A holder may leave it out too: it means their own Family subscription.
    const owner = await familyOwner();
    const saved = await owner.client.post('/save-emails.php', {
      userId: owner.user.id,
      subscriptionId: null,
      emails,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(FAMILY_MESSAGES.saved);
  });

  it('needs one e-mail at least, refuses the holder, duplicates and members of another family', async () => {
    const owner = await familyOwner();
    const empty = await save(owner.client, owner.user.id, owner.subscriptionId, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(FAMILY_MESSAGES.atLeastOne);
    const self = await save(owner.client, owner.user.id, owner.subscriptionId, {
      email1: owner.user.email,
    });
    expect(self.json().errors).toHaveProperty('email1');
    const twice = email('twin');
    const duplicate = await save(owner.client, owner.user.id, owner.subscriptionId, {
      email1: twice,
      email2: twice,
    });
    expect(duplicate.statusCode).toBe(422);
    const invalid = await save(owner.client, owner.user.id, owner.subscriptionId, {
      email1: 'not-an-email',
    });
    expect(invalid.statusCode).toBe(422);

    const other = await familyOwner();
    const shared = email('shared');
    expect(
      (await save(other.client, other.user.id, other.subscriptionId, { email1: shared }))
        .statusCode,
    ).toBe(200);
    const taken = await save(owner.client, owner.user.id, owner.subscriptionId, { email2: shared });
    expect(taken.json().errors).toEqual({
      email2: 'This e-mail is already a member of another family.',
    });
  });

  it("gives members the plan's permissions, also when they register later, while the holder's plan lasts", async () => {
    const owner = await familyOwner();
    const existing = await signedInUser(t.app);
    const later = email('later');
    await save(owner.client, owner.user.id, owner.subscriptionId, {
      email1: existing.user.email,
      email2: later,
    });
    const now = await permissionsOf(existing.client);
    expect(now.names).toEqual(expect.arrayContaining(['ads.hide', 'music.download']));
    expect(now.subscriptions).toEqual([expect.objectContaining({ family: true, valid: true })]);
    const membership = (await existing.client.get('/api/v1/billing/family-membership')).json();
    expect(membership.membership).toMatchObject({ product: { name: 'Family' } });

    // Someone registering later with a listed e-mail has the plan at once.
    const guest = await new TestClient(t.app).visit();
    const registered = await guest.post('/auth/register', {
      email: later,
      username: `later${sequence}`,
      password: 'a long quiet river',
      password_confirmation: 'a long quiet river',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect((await permissionsOf(guest)).names).toContain('ads.hide');

    // A cleared slot takes the plan away from that member only.
    await save(owner.client, owner.user.id, owner.subscriptionId, {
      email1: existing.user.email,
      email2: null,
    });
    expect((await permissionsOf(guest)).names).not.toContain('ads.hide');
    expect((await permissionsOf(existing.client)).names).toContain('ads.hide');

    // When the holder's subscription ends, the members lose the plan too.
    await t.stripe.endPeriod(owner.gatewayId);
    expect((await permissionsOf(existing.client)).names).not.toContain('ads.hide');
    const blocked = await owner.client.get(`/get-child-accounts.php?user_id=${owner.user.id}`);
    expect(blocked.json().status).toBe('blocked');
  });

  it("answers the user's subscriptions, family membership included, from update-user-roles", async () => {
    const owner = await familyOwner();
    const member = await signedInUser(t.app);
    await save(owner.client, owner.user.id, owner.subscriptionId, { email1: member.user.email });
    const roles = await member.client.get(`/update-user-roles.php?user_id=${member.user.id}`);
    expect(roles.json()).toEqual({
      subscriptions: [
        {
          id: owner.subscriptionId,
          product_id: 3,
          gateway_status: 'family',
          valid: true,
          active: true,
          family: true,
        },
      ],
    });
  });
});
