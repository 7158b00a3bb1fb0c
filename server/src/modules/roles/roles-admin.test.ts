import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t.close());

interface Role {
  id: number;
  name: string;
  default: boolean;
  guests: boolean;
  users_count: number;
  permissions: { name: string; restrictions: { name: string; value: unknown }[] }[];
}

const roles = async () => (await admin.get('/api/v1/admin/roles')).json().pagination.data as Role[];
const named = async (name: string) => (await roles()).find((role) => role.name === name)!;

async function auditActions(id: number) {
  const { pagination } = (
    await admin.get(`/api/v1/admin/audit-log?subject_type=role&subject_id=${id}`)
  ).json();
  return (pagination.data as { action: string }[]).map((entry) => entry.action).reverse();
}

describe('the admin API of roles', () => {
  it('lists the roles with what they grant and how many hold them', async () => {
    const list = await roles();
    expect(list.map((role) => role.name)).toEqual(['admin', 'users', 'guests']);
    expect(list.find((role) => role.guests)?.name).toBe('guests');
    expect(list.find((role) => role.default)?.name).toBe('users');
    expect((await named('admin')).users_count).toBe(1);
    expect((await named('users')).permissions).toContainEqual({
      name: 'playlists.create',
      restrictions: [{ name: 'count', value: 20 }],
    });
    const catalogue = (await admin.get('/api/v1/admin/permissions')).json().permissions;
    expect(catalogue).toContainEqual(
      expect.objectContaining({ name: 'roles.update', group: 'users' }),
    );
    for (const name of [
      'users.update',
      'roles.update',
      'settings.update',
      'appearance.update',
      'custom_pages.update',
      'ads.update',
      'localizations.update',
      'logs.view',
    ]) {
      expect(catalogue.map((p: { name: string }) => p.name)).toContain(name);
    }
  });

  it('lists as every admin table does: searched, sorted and paged', async () => {
    const first = await admin.get('/api/v1/admin/roles?perPage=2&page=1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().pagination).toMatchObject({
      current_page: 1,
      per_page: 2,
      total: 3,
      last_page: 2,
    });
    expect(first.json().pagination.data.map((role: Role) => role.name)).toEqual(['admin', 'users']);
    const second = (await admin.get('/api/v1/admin/roles?perPage=2&page=2')).json().pagination;
    expect(second.data.map((role: Role) => role.name)).toEqual(['guests']);
    const byName = (await admin.get('/api/v1/admin/roles?orderBy=name&orderDir=desc')).json()
      .pagination.data as Role[];
    expect(byName.map((role) => role.name)).toEqual(['users', 'guests', 'admin']);
    const found = (await admin.get('/api/v1/admin/roles?query=gue')).json().pagination;
    expect(found.total).toBe(1);
    expect(found.data[0].name).toBe('guests');
  });

  it('creates a role whose quota and permissions its holders get, and audits each change', async () => {
    const created = await admin.post('/api/v1/admin/roles', {
      name: 'Curators',
      description: 'Look after the playlists.',
      permissions: [
        { name: 'playlists.create', restrictions: [{ name: 'count', value: 1000 }] },
        { name: 'users.update', restrictions: [] },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const role = created.json().role as Role;
    expect(role).toMatchObject({ name: 'Curators', default: false, guests: false, users_count: 0 });

    // A curator can open the users section, and nothing else of the admin API.
    const { user, client } = await signedInUser(t.app);
    await t.app.services.permissions.assignRole(user.id, 'Curators');
    expect((await client.get('/api/v1/admin/users')).statusCode).toBe(200);
    expect((await client.get('/api/v1/admin/permissions')).statusCode).toBe(200);
    expect((await client.get('/api/v1/admin/roles')).statusCode).toBe(403);
    const me = (await client.get('/api/v1/me?with=permissions')).json().user;
    expect(me.permissions).toContainEqual({
      name: 'playlists.create',
      restrictions: [{ name: 'count', value: 1000 }],
    });

    const edited = await admin.request('PUT', `/api/v1/admin/roles/${role.id}`, {
      name: 'Playlist curators',
      permissions: [{ name: 'playlists.create', restrictions: [{ name: 'count', value: 5 }] }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await client.get('/api/v1/admin/users')).statusCode).toBe(403);

    expect((await admin.request('DELETE', `/api/v1/admin/roles/${role.id}`)).statusCode).toBe(200);
    expect((await roles()).map((r) => r.name)).not.toContain('Playlist curators');
    expect(await auditActions(role.id)).toEqual(['role.created', 'role.updated', 'role.deleted']);
  });

  it('keeps one default role for new accounts', async () => {
    const listeners = (
      await admin.post('/api/v1/admin/roles', { name: 'Listeners', default: true })
    ).json().role as Role;
    expect(listeners.default).toBe(true);
    expect((await named('users')).default).toBe(false);
    const fresh = await t.app.services.users.create({ email: 'fresh@example.com', password: null });
    await t.app.services.permissions.assignDefaultRole(fresh.id);
    expect(
      (await t.app.services.permissions.rolesOfUser(fresh.id)).map((role) => role.name),
    ).toEqual(['Listeners']);

    const undefault = await admin.request('PUT', `/api/v1/admin/roles/${listeners.id}`, {
      name: 'Listeners',
      default: false,
    });
    expect(undefault.json().errors.default).toBe(
      'Make another role the default; there is always one for new accounts.',
    );
    const remove = await admin.request('DELETE', `/api/v1/admin/roles/${listeners.id}`);
    expect(remove.json().message).toBe('Make another role the default before deleting this one.');
    const users = await named('users');
    await admin.request('PUT', `/api/v1/admin/roles/${users.id}`, {
      name: 'users',
      default: true,
      permissions: users.permissions,
    });
    expect((await named('Listeners')).default).toBe(false);
  });

  it('protects the guest role, the last admin and role names', async () => {
    const guests = await named('guests');
    const deleted = await admin.request('DELETE', `/api/v1/admin/roles/${guests.id}`);
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json().message).toBe('The guest role cannot be deleted.');
    const guestDefault = await admin.request('PUT', `/api/v1/admin/roles/${guests.id}`, {
      name: 'guests',
      default: true,
    });
    expect(guestDefault.json().errors.default).toBe(
      'The guest role cannot be the role of new accounts.',
    );
    // Guests lose the player and get it back: the change applies to visitors at once.
    await admin.request('PUT', `/api/v1/admin/roles/${guests.id}`, { name: 'guests' });
    expect((await new TestClient(t.app).get('/api/v1/tracks/top')).statusCode).toBe(401);
    await admin.request('PUT', `/api/v1/admin/roles/${guests.id}`, {
      name: 'guests',
      permissions: [{ name: 'music.view' }],
    });
    expect((await new TestClient(t.app).get('/api/v1/tracks/top')).statusCode).toBe(200);

    const adminRole = await named('admin');
    const strip = await admin.request('PUT', `/api/v1/admin/roles/${adminRole.id}`, {
      name: 'admin',
      permissions: [{ name: 'admin.access' }],
    });
    expect(strip.statusCode).toBe(422);
    expect(strip.json().message).toBe('At least one user must keep the admin permission.');
    expect((await named('admin')).permissions.map((p) => p.name)).toContain('admin');
    expect((await admin.request('DELETE', `/api/v1/admin/roles/${adminRole.id}`)).statusCode).toBe(
      422,
    );

    const duplicate = await admin.post('/api/v1/admin/roles', { name: 'users' });
    expect(duplicate.json().errors.name).toBe('A role with this name already exists.');
    const blank = await admin.post('/api/v1/admin/roles', { name: '  ' });
    expect(blank.json().errors.name).toEqual(['The name field is required.']);
    const twice = await admin.post('/api/v1/admin/roles', {
      name: 'Twice',
      permissions: [{ name: 'music.view' }, { name: 'music.view' }],
    });
    expect(twice.json().errors.permissions).toEqual(['Each permission may be granted once.']);
    expect(
      (await admin.request('PUT', '/api/v1/admin/roles/99999', { name: 'x' })).statusCode,
    ).toBe(404);
  });
});
