import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../test/test-app.js';
import { takeStatements } from '../../test/query-log.js';
import { TestClient } from '../../test/test-client.js';
import {
  createBillingTestApp,
  planForm,
  plans,
  subscribe,
  type BillingTestApp,
} from './billing.testing.js';

// What a user's plans grant is read on every signed-in request and kept between them: these
// show it read once, and every way it changes shown on the next request.

let t: BillingTestApp;
let admin: TestClient;
let folder: string;
let log: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-plan-grants-'));
  log = path.join(folder, 'queries.log');
  t = await createBillingTestApp({ QUERY_LOG: log });
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});
afterEach(() => vi.useRealTimers());

async function permissionsOf(client: TestClient): Promise<string[]> {
  const user = (await client.get('/api/v1/me?with=permissions')).json().user;
  return (user.permissions as { name: string }[]).map((permission) => permission.name);
}

/** The statements run since the last call that read subscriptions or what plans grant. */
function plansRead(): string[] {
  return takeStatements(log).filter((sql) => /"(subscriptions|product_permissions)"/.test(sql));
}

/** A plan of its own, so changing it leaves the seeded plans alone. */
async function studentPlan() {
  const created = await admin.post(
    '/api/v1/admin/products',
    planForm({ name: `Student ${Date.now()}` }),
  );
  expect(created.statusCode, created.body).toBe(200);
  return created.json().product as { id: number; prices: { id: number }[] };
}

async function grantByHand(
  userId: number,
  plan: { id: number; prices: { id: number }[] },
  endsAt?: number,
) {
  const granted = await admin.post('/api/v1/admin/subscriptions', {
    user_id: userId,
    product_id: plan.id,
    price_id: plan.prices[0]!.id,
    ...(endsAt ? { ends_at: new Date(endsAt).toISOString() } : {}),
  });
  expect(granted.statusCode, granted.body).toBe(200);
}

describe("a plan's grants, kept between requests", () => {
  it('are read once, and end with the plan at its end date with nothing else changed', async () => {
    const plan = await studentPlan();
    const { user, client } = await signedInUser(t.app);
    const endsAt = Date.now() + 60_000;
    await grantByHand(user.id, plan, endsAt);

    expect(await permissionsOf(client)).toContain('ads.hide');
    expect(plansRead()).not.toEqual([]);
    expect(await permissionsOf(client)).toContain('ads.hide');
    expect(plansRead()).toEqual([]);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(endsAt - 1000);
    expect(await permissionsOf(client)).toContain('ads.hide');
    vi.setSystemTime(endsAt + 1000);
    expect(await permissionsOf(client)).not.toContain('ads.hide');
  });

  it('change at once when what the plan grants changes', async () => {
    const plan = await studentPlan();
    const { user, client } = await signedInUser(t.app);
    await grantByHand(user.id, plan);
    expect(await permissionsOf(client)).toContain('ads.hide');

    const changed = await admin.request(
      'PUT',
      `/api/v1/admin/products/${plan.id}`,
      planForm({
        name: `Student ${Date.now()}`,
        description: 'Now with downloads instead.',
        feature_list: ['Downloads'],
        permissions: [{ name: 'music.download', restrictions: [] }],
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const now = await permissionsOf(client);
    expect(now).toContain('music.download');
    expect(now).not.toContain('ads.hide');
  });

  it('change at once when a subscription is taken back', async () => {
    const plan = await studentPlan();
    const { user, client } = await signedInUser(t.app);
    await grantByHand(user.id, plan);
    expect(await permissionsOf(client)).toContain('ads.hide');
    await t.db.kysely.deleteFrom('subscriptions').where('user_id', '=', user.id).execute();
    expect(await permissionsOf(client)).not.toContain('ads.hide');
  });

  it("change at once when a user's e-mail becomes one a Family plan lists", async () => {
    const { family } = await plans(new TestClient(t.app));
    const owner = await signedInUser(t.app);
    await subscribe(t, owner.client, family.product.id, family.monthly.id);
    const subscription = await t.db.kysely
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    const listed = `listed-${Date.now()}@example.com`;
    const saved = await owner.client.post('/save-emails.php', {
      userId: owner.user.id,
      subscriptionId: subscription.id,
      emails: { email1: listed, email2: null, email3: null, editingField: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const { user, client } = await signedInUser(t.app);
    expect(await permissionsOf(client)).not.toContain('ads.hide');
    await t.db.kysely
      .updateTable('users')
      .set({ email: listed })
      .where('id', '=', user.id)
      .execute();
    expect(await permissionsOf(client)).toContain('ads.hide');
  });
});

describe("a member's roles and subscriptions on their pages, kept between requests", () => {
  async function userOfPage(client: TestClient) {
    const { bootstrapData } = (await client.get('/api/v1/bootstrap-data')).json();
    return bootstrapData.user as {
      roles: { name: string }[];
      subscriptions: { product_id: number; valid: boolean }[];
    };
  }

  /** The statements run since the last call that read a user's roles or subscriptions. */
  const relationsRead = () =>
    takeStatements(log).filter((sql) => /"(user_roles|subscriptions)"/.test(sql));

  it('are read once, and a plan shows as ended at its end date with nothing else changed', async () => {
    const plan = await studentPlan();
    const { user, client } = await signedInUser(t.app);
    const endsAt = Date.now() + 60_000;
    await grantByHand(user.id, plan, endsAt);

    expect((await userOfPage(client)).subscriptions).toEqual([
      expect.objectContaining({ product_id: plan.id, valid: true }),
    ]);
    expect(relationsRead()).not.toEqual([]);
    await userOfPage(client);
    expect(relationsRead()).toEqual([]);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(endsAt + 1000);
    expect((await userOfPage(client)).subscriptions).toEqual([
      expect.objectContaining({ product_id: plan.id, valid: false }),
    ]);
  });

  it('are worked out with one read of the change counts for the whole page', async () => {
    const { client } = await signedInUser(t.app);
    await userOfPage(client);
    takeStatements(log);
    await userOfPage(client);
    // Its roles, grants and subscriptions each hold while the counts do: asked for together.
    const counts = takeStatements(log).filter((sql) => sql.includes('"data_versions"'));
    expect(counts).toHaveLength(1);
  });

  it('change at once when a role is given, renamed or taken back', async () => {
    const { user, client } = await signedInUser(t.app);
    const before = (await userOfPage(client)).roles.map((role) => role.name);
    const role = await t.db.kysely
      .insertInto('roles')
      .values({
        name: `Reviewers ${Date.now()}`,
        guests: 0,
        is_default: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: role.id })
      .execute();
    expect((await userOfPage(client)).roles.map((r) => r.name)).toEqual([...before, role.name]);

    await t.db.kysely
      .updateTable('roles')
      .set({ name: `${role.name} (senior)` })
      .where('id', '=', role.id)
      .execute();
    expect((await userOfPage(client)).roles.map((r) => r.name)).toContain(`${role.name} (senior)`);

    await t.db.kysely.deleteFrom('user_roles').where('role_id', '=', role.id).execute();
    expect((await userOfPage(client)).roles.map((r) => r.name)).toEqual(before);
  });

  it('change at once when a subscription is taken back', async () => {
    const plan = await studentPlan();
    const { user, client } = await signedInUser(t.app);
    await grantByHand(user.id, plan);
    expect((await userOfPage(client)).subscriptions).toHaveLength(1);
    await t.db.kysely.deleteFrom('subscriptions').where('user_id', '=', user.id).execute();
    expect((await userOfPage(client)).subscriptions).toEqual([]);
  });
});
