import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { planForm } from '../billing/billing.testing.js';

// Staff who run parts of the admin area, and what they may do to others' power and their own.

let t: TestApp;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  adminId = (await admin.get('/api/v1/me')).json().user.id;
  for (const [name, permissions] of [
    ['Support', ['admin.access', 'users.update']],
    ['Managers', ['admin.access', 'users.update', 'roles.update']],
    ['Plan staff', ['admin.access', 'plans.update', 'subscriptions.update']],
  ] as const) {
    const created = await admin.post('/api/v1/admin/roles', {
      name,
      permissions: permissions.map((permission) => ({ name: permission })),
    });
    expect(created.statusCode, created.body).toBe(200);
  }
});
afterAll(() => t.close());

async function roleId(name: string): Promise<number> {
  const role = await t.db.kysely
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return role.id;
}

/** A signed-in user with the members' role and the staff role named. */
const staff = (role: string) => signedInUser(t.app, { roles: ['users', role] });

/** The body of an edit of `user` that keeps everything but what `changes` says. */
async function edit(user: { id: number }, changes: Record<string, unknown> = {}) {
  const current = (await admin.get(`/api/v1/admin/users/${user.id}`)).json().user;
  return {
    email: current.email,
    first_name: current.first_name,
    email_verified: true,
    role_ids: current.roles.map((role: { id: number }) => role.id),
    permissions: current.permissions,
    ...changes,
  };
}

describe('staff with users.update alone', () => {
  it('cannot give themselves the admin role or permission', async () => {
    const { user, client } = await staff('Support');
    for (const changes of [
      { role_ids: [await roleId('users'), await roleId('Support'), await roleId('admin')] },
      { permissions: [{ name: 'admin', restrictions: [] }] },
      { permissions: [{ name: 'roles.update', restrictions: [] }] },
    ]) {
      const raised = await client.request(
        'PUT',
        `/api/v1/admin/users/${user.id}`,
        await edit(user, changes),
      );
      expect(raised.statusCode, raised.body).toBe(403);
      expect(raised.json().message).toMatch(/roles\.update/);
    }
    expect((await client.get('/api/v1/admin/roles')).statusCode).toBe(403);
    const me = (await client.get('/api/v1/me?with=permissions')).json().user;
    expect(me.permissions.map((p: { name: string }) => p.name)).not.toContain('admin');
  });

  it("edit members' details but not their roles", async () => {
    const { client } = await staff('Support');
    const member = await createUser(t.app);
    const renamed = await client.request(
      'PUT',
      `/api/v1/admin/users/${member.id}`,
      await edit(member, { first_name: 'Renamed' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().user.first_name).toBe('Renamed');

    const promoted = await client.request(
      'PUT',
      `/api/v1/admin/users/${member.id}`,
      await edit(member, { role_ids: [await roleId('users'), await roleId('Support')] }),
    );
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json().message).toBe(
      'Changing roles and permissions needs the roles.update permission. Ask an admin to make this change.',
    );
  });

  it("cannot set an admin's password, ban, unban, delete them or change their picture", async () => {
    const { client } = await staff('Support');
    const password = await client.request(
      'PUT',
      `/api/v1/admin/users/${adminId}`,
      await edit({ id: adminId }, { password: 'taken-over-password' }),
    );
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toBe(
      'You cannot edit an account with permissions you do not hold yourself. Ask an admin to do it.',
    );
    const browser = await new TestClient(t.app).visit();
    const login = (password: string) =>
      browser.post('/auth/login', { email: ADMIN_EMAIL, password, remember: false });
    expect((await login('taken-over-password')).statusCode).toBe(422);
    expect((await login(ADMIN_PASSWORD)).statusCode).toBe(200);

    const ban = await client.post(`/api/v1/admin/users/${adminId}/ban`, { reason: 'Mine now' });
    expect(ban.statusCode).toBe(403);
    expect((await admin.get(`/api/v1/admin/users/${adminId}`)).json().user.ban).toBeNull();

    const otherAdmin = await createUser(t.app, { roles: ['admin'] });
    expect(
      (await admin.post(`/api/v1/admin/users/${otherAdmin.id}/ban`, { reason: 'Holiday' }))
        .statusCode,
    ).toBe(200);
    expect((await client.post(`/api/v1/admin/users/${otherAdmin.id}/unban`)).statusCode).toBe(403);
    expect(
      (await client.request('DELETE', `/api/v1/admin/users/${otherAdmin.id}`)).statusCode,
    ).toBe(403);
    expect(await t.app.services.users.findById(otherAdmin.id)).toBeDefined();
    expect(
      (await client.request('DELETE', `/api/v1/admin/users/${adminId}/avatar`)).statusCode,
    ).toBe(403);
  });

  it('cannot sign in as someone holding what they do not', async () => {
    const { client } = await staff('Support');
    const settingsEditor = await createUser(t.app, { roles: ['users'] });
    await admin.request(
      'PUT',
      `/api/v1/admin/users/${settingsEditor.id}`,
      await edit(settingsEditor, { permissions: [{ name: 'settings.update', restrictions: [] }] }),
    );
    const refused = await client.post(`/api/v1/admin/users/${settingsEditor.id}/impersonate`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/permissions you do not hold yourself/);
    expect((await client.get('/api/v1/me')).json().user.id).not.toBe(settingsEditor.id);

    const member = await createUser(t.app);
    expect((await client.post(`/api/v1/admin/users/${member.id}/impersonate`)).statusCode).toBe(
      200,
    );
  });
});

describe('staff with roles.update', () => {
  it('give the roles and permissions they hold, and nothing more', async () => {
    const { client } = await staff('Managers');
    const member = await createUser(t.app);
    const support = await client.request(
      'PUT',
      `/api/v1/admin/users/${member.id}`,
      await edit(member, { role_ids: [await roleId('users'), await roleId('Support')] }),
    );
    expect(support.statusCode, support.body).toBe(200);

    const toAdmin = await client.request(
      'PUT',
      `/api/v1/admin/users/${member.id}`,
      await edit(member, { role_ids: [await roleId('admin')] }),
    );
    expect(toAdmin.statusCode).toBe(403);
    expect(toAdmin.json().message).toBe(
      'You cannot grant permissions you do not hold yourself: admin. Ask an admin to grant them.',
    );
    const settings = await client.request(
      'PUT',
      `/api/v1/admin/users/${member.id}`,
      await edit(member, { permissions: [{ name: 'settings.update', restrictions: [] }] }),
    );
    expect(settings.statusCode).toBe(403);

    const created = await client.post('/api/v1/admin/users', {
      email: `made-by-staff-${Date.now()}@example.com`,
      password: 'a-long-password',
      role_ids: [await roleId('admin')],
    });
    expect(created.statusCode).toBe(403);
  });

  it('edit roles only within what they hold', async () => {
    const { client } = await staff('Managers');
    const raised = await client.request('PUT', `/api/v1/admin/roles/${await roleId('Managers')}`, {
      name: 'Managers',
      permissions: [{ name: 'admin.access' }, { name: 'roles.update' }, { name: 'admin' }],
    });
    expect(raised.statusCode).toBe(403);
    expect(raised.json().message).toMatch(/do not hold yourself: admin\./);

    const created = await client.post('/api/v1/admin/roles', {
      name: 'Settings people',
      permissions: [{ name: 'settings.update' }],
    });
    expect(created.statusCode).toBe(403);

    const adminRole = await roleId('admin');
    const stripped = await client.request('PUT', `/api/v1/admin/roles/${adminRole}`, {
      name: 'admin',
      permissions: [],
    });
    expect(stripped.statusCode).toBe(403);
    expect(stripped.json().message).toBe(
      'You cannot edit a role with permissions you do not hold yourself. Ask an admin to do it.',
    );
    expect((await client.request('DELETE', `/api/v1/admin/roles/${adminRole}`)).statusCode).toBe(
      403,
    );

    const helpers = await client.post('/api/v1/admin/roles', {
      name: 'Helpers',
      permissions: [{ name: 'admin.access' }, { name: 'users.update' }],
    });
    expect(helpers.statusCode, helpers.body).toBe(200);
  });
});

describe('staff who look after plans', () => {
  it('make plans granting only what they hold, and give none granting more', async () => {
    const { user, client } = await staff('Plan staff');
    const superPlan = await client.post(
      '/api/v1/admin/products',
      planForm({ name: 'Everything', permissions: [{ name: 'admin', restrictions: [] }] }),
    );
    expect(superPlan.statusCode).toBe(403);
    expect(superPlan.json().message).toBe(
      'You cannot grant permissions you do not hold yourself: admin. Ask an admin to grant them.',
    );
    const plain = await client.post(
      '/api/v1/admin/products',
      planForm({ name: 'Supporters', permissions: [{ name: 'music.view', restrictions: [] }] }),
    );
    expect(plain.statusCode, plain.body).toBe(200);

    // A plan an admin made to grant settings.update: neither edited nor given by them.
    const made = await admin.post(
      '/api/v1/admin/products',
      planForm({ name: 'Settings', permissions: [{ name: 'settings.update', restrictions: [] }] }),
    );
    const product = made.json().product as { id: number; prices: { id: number }[] };
    const edited = await client.request(
      'PUT',
      `/api/v1/admin/products/${product.id}`,
      planForm({ name: 'Settings', permissions: [] }),
    );
    expect(edited.statusCode).toBe(403);
    const given = await client.post('/api/v1/admin/subscriptions', {
      user_id: user.id,
      product_id: product.id,
      price_id: product.prices[0]!.id,
    });
    expect(given.statusCode).toBe(403);
    expect(given.json().message).toBe(
      'You cannot give a plan with permissions you do not hold yourself. Ask an admin to do it.',
    );
  });
});

describe('an admin signed in as a user', () => {
  it('cannot create an access token or a music apps password that would outlive the visit', async () => {
    const { user: member, client: memberClient } = await signedInUser(t.app);
    const browser = new TestClient(t.app);
    await browser.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await browser.post(`/api/v1/admin/users/${member.id}/impersonate`)).statusCode).toBe(
      200,
    );

    const token = await browser.post('/api/v1/access-tokens', { tokenName: 'backdoor' });
    expect(token.statusCode).toBe(403);
    expect(token.json().message).toBe(
      'Access tokens cannot be created while signed in as another user: the user creates their own.',
    );
    const password = await browser.post('/api/v1/me/music-apps/password');
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toMatch(/while signed in as another user/);

    expect((await browser.post('/api/v1/impersonation/stop')).statusCode).toBe(200);
    expect((await memberClient.get('/api/v1/access-tokens')).json().tokens).toEqual([]);
    expect((await memberClient.get('/api/v1/me/music-apps')).json().has_password).toBe(false);
    // The user themself still can.
    expect(
      (await memberClient.post('/api/v1/access-tokens', { tokenName: 'mine' })).statusCode,
    ).toBe(200);
    expect((await memberClient.post('/api/v1/me/music-apps/password')).statusCode).toBe(200);
  });
});

describe('the last admin', () => {
  it('cannot delete their own account, even while another admin is banned', async () => {
    const banned = await createUser(t.app, { roles: ['admin'] });
    await admin.post(`/api/v1/admin/users/${banned.id}/ban`, { reason: 'Left the team' });
    // Other admins made by the tests above hold the role too; take it from them.
    const others = await t.db.kysely
      .selectFrom('user_roles')
      .select('user_id')
      .where('role_id', '=', await roleId('admin'))
      .where('user_id', 'not in', [adminId, banned.id])
      .execute();
    for (const { user_id } of others) {
      const demoted = await admin.request(
        'PUT',
        `/api/v1/admin/users/${user_id}`,
        await edit({ id: user_id }, { role_ids: [await roleId('users')] }),
      );
      expect(demoted.statusCode, demoted.body).toBe(200);
    }

    await admin.post('/auth/user/confirm-password', { password: ADMIN_PASSWORD });
    const deleted = await admin.request(
      'DELETE',
      `/api/v1/users/${adminId}?deleteCurrentUser=true`,
    );
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json().message).toBe(
      'You are the only admin: make another user an admin before deleting your account.',
    );
    expect((await admin.get('/api/v1/me')).json().user.id).toBe(adminId);

    // Banned, the other admin could not run the site; demoting the last one is refused too.
    const demoted = await admin.request(
      'PUT',
      `/api/v1/admin/users/${adminId}`,
      await edit({ id: adminId }, { role_ids: [await roleId('users')] }),
    );
    expect(demoted.statusCode).toBe(422);

    await admin.post(`/api/v1/admin/users/${banned.id}/unban`);
    await admin.post('/auth/user/confirm-password', { password: ADMIN_PASSWORD });
    const left = await admin.request('DELETE', `/api/v1/users/${adminId}?deleteCurrentUser=true`);
    expect(left.statusCode, left.body).toBe(200);
  });
});
