import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { multipartFile } from '../../test/multipart.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  adminId = (await admin.get('/api/v1/me')).json().user.id;
});
afterAll(() => t.close());

async function auditOf(id: number) {
  const { pagination } = (
    await admin.get(`/api/v1/admin/audit-log?subject_type=user&subject_id=${id}&perPage=50`)
  ).json();
  return (
    pagination.data as {
      action: string;
      actor: { id: number } | null;
      before: unknown;
      after: unknown;
    }[]
  ).reverse();
}

/** A login attempt from a new browser, whatever its answer. */
async function tryLogin(email: string, password: string) {
  const browser = await new TestClient(t.app).visit();
  return browser.post('/auth/login', { email, password, remember: false });
}

const roleId = async (name: string) =>
  (await admin.get(`/api/v1/admin/roles?query=${name}`))
    .json()
    .pagination.data.find((role: { name: string }) => role.name === name).id as number;

const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: `Listener.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@Example.com`,
  password: 'a-long-password',
  first_name: 'Nina',
  last_name: 'Simone',
  email_verified: true,
  ...overrides,
});

describe('the admin API of users', () => {
  it('is closed to guests (401) and to users without users.update (403)', async () => {
    const guest = new TestClient(t.app);
    const { client: member, user } = await signedInUser(t.app);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/users'],
      ['GET', `/api/v1/admin/users/${user.id}`],
      ['POST', '/api/v1/admin/users', newUser()],
      ['PUT', `/api/v1/admin/users/${user.id}`, newUser()],
      ['DELETE', `/api/v1/admin/users/${user.id}`],
      ['POST', `/api/v1/admin/users/${user.id}/ban`, { reason: 'spam' }],
      ['POST', `/api/v1/admin/users/${user.id}/unban`],
      ['POST', `/api/v1/admin/users/${user.id}/impersonate`],
      ['POST', `/api/v1/admin/users/${user.id}/avatar`],
      ['DELETE', `/api/v1/admin/users/${user.id}/avatar`],
      ['GET', '/api/v1/admin/roles'],
      ['POST', '/api/v1/admin/roles', { name: 'Editors' }],
      ['PUT', '/api/v1/admin/roles/1', { name: 'Editors' }],
      ['DELETE', '/api/v1/admin/roles/1'],
      ['GET', '/api/v1/admin/permissions'],
      ['GET', '/api/v1/admin/audit-log'],
    ];
    for (const [method, url, body] of calls) {
      expect((await guest.request(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(
        401,
      );
      expect(
        (await member.request(method as 'GET', url, body)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
  });

  it('creates a user with roles and direct grants, edits them, and audits both', async () => {
    const users = await roleId('users');
    const created = await admin.post(
      '/api/v1/admin/users',
      newUser({
        role_ids: [users],
        permissions: [{ name: 'playlists.create', restrictions: [{ name: 'count', value: 500 }] }],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const user = created.json().user;
    expect(user).toMatchObject({
      display_name: 'Nina Simone',
      roles: [{ id: users, name: 'users' }],
      permissions: [{ name: 'playlists.create', restrictions: [{ name: 'count', value: 500 }] }],
      subscribed: false,
      ban: null,
    });
    expect(user.email).toBe(user.email.toLowerCase());
    expect(user.email_verified_at).not.toBeNull();
    // The new account signs in with the password the admin chose.
    const own = new TestClient(t.app);
    expect((await own.login(user.email, 'a-long-password')).statusCode).toBe(200);

    const changed = await admin.request(
      'PUT',
      `/api/v1/admin/users/${user.id}`,
      newUser({ email: user.email, first_name: 'Eunice', email_verified: false, role_ids: [] }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user).toMatchObject({
      first_name: 'Eunice',
      roles: [],
      permissions: [],
      email_verified_at: null,
    });
    const entries = await auditOf(user.id);
    expect(entries.map((entry) => entry.action)).toEqual(['user.created', 'user.updated']);
    expect(entries[1]).toMatchObject({
      actor: { id: adminId },
      before: { first_name: 'Nina' },
      after: { first_name: 'Eunice' },
    });
  });

  it('refuses bad input with errors on the fields', async () => {
    const taken = await admin.post('/api/v1/admin/users', newUser({ email: ADMIN_EMAIL }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toBe('The email has already been taken.');
    const invalid = await admin.post(
      '/api/v1/admin/users',
      newUser({ email: 'not-an-email', password: 'short' }),
    );
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['email', 'password']);
    const unknownPermission = await admin.post(
      '/api/v1/admin/users',
      newUser({ permissions: [{ name: 'moon.landing', restrictions: [] }] }),
    );
    expect(unknownPermission.json().errors.permissions).toBe('Unknown permission: moon.landing.');
    const guestRole = await admin.post(
      '/api/v1/admin/users',
      newUser({ role_ids: [await roleId('guests')] }),
    );
    expect(guestRole.json().errors.role_ids).toBe('The guest role is for visitors, not accounts.');
  });

  it('searches, filters, sorts and pages the table', async () => {
    const tag = `zq${Date.now()}`;
    const first = (
      await admin.post('/api/v1/admin/users', newUser({ email: `a-${tag}@example.com` }))
    ).json().user;
    const second = (
      await admin.post(
        '/api/v1/admin/users',
        newUser({ email: `b-${tag}@example.com`, email_verified: false }),
      )
    ).json().user;
    const list = async (query: string) =>
      (await admin.get(`/api/v1/admin/users?query=${tag}&${query}`))
        .json()
        .pagination.data.map((user: { id: number }) => user.id);
    expect(await list('orderBy=email&orderDir=asc')).toEqual([first.id, second.id]);
    expect(await list('orderBy=email&orderDir=desc')).toEqual([second.id, first.id]);
    expect(await list('verified=false')).toEqual([second.id]);
    expect(await list('verified=true')).toEqual([first.id]);
    expect(await list('perPage=1&page=2&orderBy=email')).toEqual([second.id]);
    const paged = (await admin.get(`/api/v1/admin/users?query=${tag}&perPage=1`)).json().pagination;
    expect(paged).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
    const admins = (await admin.get(`/api/v1/admin/users?role_id=${await roleId('admin')}`))
      .json()
      .pagination.data.map((user: { email: string }) => user.email);
    expect(admins).toEqual([ADMIN_EMAIL]);
    // A search for the wildcard itself matches the character, not everything.
    expect((await admin.get('/api/v1/admin/users?query=%25')).json().pagination.data).toEqual([]);
    const banned = await admin.post(`/api/v1/admin/users/${first.id}/ban`, { reason: 'Spam' });
    expect(banned.statusCode).toBe(200);
    expect(await list('banned=true')).toEqual([first.id]);
    expect(await list('banned=false')).toEqual(expect.not.arrayContaining([first.id]));
    expect(await list('subscribed=true')).toEqual([]);
  });

  it('bans with a reason and an end: sessions and tokens end, sign-in is refused, unban restores', async () => {
    const { user, client } = await signedInUser(t.app);
    const token = (await client.post('/api/v1/access-tokens', { tokenName: 'cli' })).json()
      .plainTextToken;
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();

    const banned = await admin.post(`/api/v1/admin/users/${user.id}/ban`, {
      reason: 'Spamming comments',
      banned_until: until,
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json().user.ban).toMatchObject({
      reason: 'Spamming comments',
      banned_until: until,
    });
    // The open session is signed out, the token stops working.
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(401);
    const again = await tryLogin(user.email, user.plainPassword);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(
      /^This account is banned until .+\. Reason: Spamming comments$/,
    );
    // A wrong password still answers as for anyone: the ban tells nothing to a guesser.
    expect((await tryLogin(user.email, 'wrong-password')).statusCode).toBe(422);

    expect((await admin.post(`/api/v1/admin/users/${user.id}/unban`)).json().user.ban).toBeNull();
    expect((await tryLogin(user.email, user.plainPassword)).statusCode).toBe(200);
    expect((await auditOf(user.id)).map((entry) => entry.action)).toEqual([
      'user.banned',
      'user.unbanned',
    ]);
  });

  it('ends a ban by itself once its end has passed', async () => {
    const user = await createUser(t.app);
    await t.app.services.users.update(user.id, {
      banned_at: new Date(Date.now() - 7_200_000).toISOString(),
      banned_until: new Date(Date.now() - 3_600_000).toISOString(),
      ban_reason: 'Cooling off',
    });
    expect((await tryLogin(user.email, user.plainPassword)).statusCode).toBe(200);
    expect((await admin.get(`/api/v1/admin/users/${user.id}`)).json().user.ban).toBeNull();
  });

  it('refuses a ban without a reason, with an end in the past, or of oneself', async () => {
    const user = await createUser(t.app);
    const noReason = await admin.post(`/api/v1/admin/users/${user.id}/ban`, { reason: ' ' });
    expect(noReason.json().errors.reason).toEqual(['Say why the account is banned.']);
    const past = await admin.post(`/api/v1/admin/users/${user.id}/ban`, {
      reason: 'x',
      banned_until: '2001-01-01T00:00:00Z',
    });
    expect(past.json().errors.banned_until).toEqual(['The ban must end in the future.']);
    const self = await admin.post(`/api/v1/admin/users/${adminId}/ban`, { reason: 'Oops' });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot ban yourself.');
    expect((await admin.post('/api/v1/admin/users/999999/ban', { reason: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('deletes users, one or several, never oneself nor the last admin', async () => {
    const one = await createUser(t.app);
    const two = await createUser(t.app);
    const removed = await admin.request('DELETE', `/api/v1/admin/users/${one.id},${two.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('2 users deleted');
    expect((await admin.get(`/api/v1/admin/users/${one.id}`)).statusCode).toBe(404);
    expect((await auditOf(two.id)).map((entry) => entry.action)).toEqual(['user.deleted']);

    const self = await admin.request('DELETE', `/api/v1/admin/users/${adminId}`);
    expect(self.statusCode).toBe(422);
    expect((await admin.request('DELETE', '/api/v1/admin/users/abc')).statusCode).toBe(422);

    // An admin may give up the admin role while another holds it; the last holder may not.
    const deputy = await createUser(t.app, { roles: ['admin'] });
    const deputyClient = new TestClient(t.app);
    await deputyClient.login(deputy.email, deputy.plainPassword);
    const lastAdmin = await deputyClient.request(
      'PUT',
      `/api/v1/admin/users/${deputy.id}`,
      newUser({ email: deputy.email, role_ids: [] }),
    );
    expect(lastAdmin.statusCode).toBe(200);
    const demoteLast = await admin.request(
      'PUT',
      `/api/v1/admin/users/${adminId}`,
      newUser({ email: ADMIN_EMAIL, role_ids: [] }),
    );
    expect(demoteLast.statusCode).toBe(422);
    expect(demoteLast.json().message).toBe('At least one user must keep the admin permission.');
    expect((await admin.get('/api/v1/me?with=roles')).json().user.roles).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'admin' })]),
    );
  });

  it('signs in as another user with a way back, and records both', async () => {
    const { user } = await signedInUser(t.app);
    const browser = new TestClient(t.app);
    await browser.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const started = await browser.post(`/api/v1/admin/users/${user.id}/impersonate`);
    expect(started.statusCode, started.body).toBe(200);
    expect((await browser.get('/api/v1/me')).json().user.id).toBe(user.id);
    // The site's first paint shows the banner to return.
    const page = await browser.get('/');
    expect(page.body).toContain('"impersonator":{"id":' + adminId);
    // As the user, the admin area is closed.
    expect((await browser.get('/api/v1/admin/users')).statusCode).toBe(403);
    const back = await browser.post('/api/v1/impersonation/stop');
    expect(back.statusCode, back.body).toBe(200);
    expect((await browser.get('/api/v1/me')).json().user.id).toBe(adminId);
    expect((await browser.post('/api/v1/impersonation/stop')).statusCode).toBe(403);
    const entries = await auditOf(user.id);
    expect(entries.map((entry) => [entry.action, entry.actor?.id])).toEqual([
      ['user.impersonated', adminId],
      ['user.impersonation_ended', adminId],
    ]);

    const otherAdmin = await createUser(t.app, { roles: ['admin'] });
    expect((await admin.post(`/api/v1/admin/users/${otherAdmin.id}/impersonate`)).statusCode).toBe(
      403,
    );
    expect((await admin.post(`/api/v1/admin/users/${adminId}/impersonate`)).statusCode).toBe(422);
  });

  it('changes a user’s picture: an image checked by its content, and removed again', async () => {
    const user = await createUser(t.app);
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#e91e63' },
    })
      .png()
      .toBuffer();
    const form = multipartFile(png, { filename: 'face.png', type: 'image/png' });
    const uploaded = await admin.request(
      'POST',
      `/api/v1/admin/users/${user.id}/avatar`,
      form.body,
      {
        headers: form.headers,
      },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatar = uploaded.json().user.avatar as string;
    expect(avatar).toMatch(new RegExp(`^/storage/avatars/${user.id}/[\\w-]+\\.webp$`));
    expect((await new TestClient(t.app).get(avatar)).statusCode).toBe(200);

    const text = multipartFile(Buffer.from('not a picture'), {
      filename: 'face.png',
      type: 'image/png',
    });
    const refused = await admin.request(
      'POST',
      `/api/v1/admin/users/${user.id}/avatar`,
      text.body,
      {
        headers: text.headers,
      },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toBe('The file must be an image.');

    const removed = await admin.request('DELETE', `/api/v1/admin/users/${user.id}/avatar`);
    expect(removed.json().user.avatar).toBeNull();
    expect((await new TestClient(t.app).get(avatar)).statusCode).toBe(404);
    expect((await auditOf(user.id)).map((entry) => entry.after)).toEqual([
      { avatar },
      { avatar: null },
    ]);
  });
});
