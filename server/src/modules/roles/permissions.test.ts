import { checkQuota, hasPermission } from '@cadenza/contracts/permissions';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { mergeGrants } from './permissions.service.js';
import * as rolesRepo from './roles.repo.js';

describe('permission rules', () => {
  const perms = [
    { name: 'music.view', restrictions: [] },
    { name: 'playlists.create', restrictions: [{ name: 'count', value: 3 }] },
  ];

  it('finds a permission by name', () => {
    expect(hasPermission(perms, 'music.view')).toBe(true);
    expect(hasPermission(perms, 'admin.access')).toBe(false);
  });

  it('admin grants every permission and every quota', () => {
    const admin = [{ name: 'admin', restrictions: [] }];
    expect(hasPermission(admin, 'anything.at.all')).toBe(true);
    expect(checkQuota(admin, 'playlists.create', 'count', 1000)).toEqual({
      overQuota: false,
      noPermission: false,
      failed: false,
    });
  });

  it('reports the three quota flags', () => {
    expect(checkQuota(perms, 'playlists.create', 'count', 2)).toEqual({
      overQuota: false,
      noPermission: false,
      failed: false,
    });
    expect(checkQuota(perms, 'playlists.create', 'count', 3)).toEqual({
      overQuota: true,
      noPermission: false,
      failed: true,
    });
    expect(checkQuota(perms, 'music.download', 'count', 0)).toEqual({
      overQuota: false,
      noPermission: true,
      failed: true,
    });
    expect(checkQuota(perms, 'music.view', 'count', 99)).toEqual({
      overQuota: false,
      noPermission: false,
      failed: false,
    });
  });

  it('merges grants from several roles into the most generous one', () => {
    const merged = mergeGrants([
      { name: 'playlists.create', restrictions: [{ name: 'count', value: 3 }] },
      { name: 'playlists.create', restrictions: [{ name: 'count', value: 10 }] },
      { name: 'music.download', restrictions: [{ name: 'size', value: 5 }] },
      { name: 'music.download', restrictions: [] },
    ]);
    expect(merged).toEqual([
      { name: 'playlists.create', restrictions: [{ name: 'count', value: 10 }] },
      { name: 'music.download', restrictions: [] },
    ]);
  });
});

describe('roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds admin, users and guests with sensible permissions', async () => {
    const guest = await t.app.services.permissions.guestRole();
    expect(guest?.name).toBe('guests');
    expect(guest?.permissions.map((p) => p.name)).toEqual(['music.view']);
    const member = await createUser(t.app);
    const names = (await t.app.services.permissions.forUser(member.id)).map((p) => p.name).sort();
    expect(names).toEqual([
      'api.access',
      'files.create',
      'music.create',
      'music.view',
      'playlists.create',
    ]);
  });

  it('gives a user the permissions of every role they hold, by role id', async () => {
    const user = await createUser(t.app, { roles: ['users', 'admin'] });
    const roles = await t.app.services.permissions.rolesOfUser(user.id);
    expect(roles.map((r) => r.name)).toEqual(['admin', 'users']);
    expect(roles.every((r) => Number.isInteger(r.id))).toBe(true);
    expect(
      hasPermission(await t.app.services.permissions.forUser(user.id), 'settings.update'),
    ).toBe(true);
  });

  it("adds a user's direct grants to their roles', the most generous quota winning", async () => {
    // The users role grants 20 playlists and no downloads.
    const user = await createUser(t.app, { roles: ['users'] });
    const ids = await t.app.services.permissions.idsByName(['music.download', 'playlists.create']);
    await rolesRepo.replaceUserPermissions(t.db.kysely, user.id, [
      { permissionId: ids.get('music.download')!, restrictions: [] },
      { permissionId: ids.get('playlists.create')!, restrictions: [{ name: 'count', value: 500 }] },
    ]);
    const held = await t.app.services.permissions.forUser(user.id);
    expect(hasPermission(held, 'music.view')).toBe(true);
    expect(hasPermission(held, 'music.download')).toBe(true);
    expect(checkQuota(held, 'playlists.create', 'count', 499).failed).toBe(false);
    expect(checkQuota(held, 'playlists.create', 'count', 500).failed).toBe(true);
  });

  it("follows every change to a user's roles and grants at once, wherever it is made", async () => {
    const { permissions } = t.app.services;
    const user = await createUser(t.app, { roles: ['users'] });
    const holds = async (name: string) => hasPermission(await permissions.forUser(user.id), name);
    expect(await holds('music.view')).toBe(true);
    expect(await holds('settings.update')).toBe(false);
    const db = t.db.kysely;
    const role = async (name: string) =>
      (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow())
        .id;

    // Written straight into the database, as another server process would.
    await db
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: await role('admin') })
      .execute();
    expect(await holds('settings.update')).toBe(true);
    await db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
    expect(await holds('music.view')).toBe(false);

    await permissions.assignRole(user.id, 'users');
    expect(await holds('music.view')).toBe(true);
    const view = (await permissions.idsByName(['music.view'])).get('music.view')!;
    await db
      .deleteFrom('role_permissions')
      .where('role_id', '=', await role('users'))
      .where('permission_id', '=', view)
      .execute();
    expect(await holds('music.view')).toBe(false);
    await rolesRepo.replaceUserPermissions(db, user.id, [{ permissionId: view, restrictions: [] }]);
    expect(await holds('music.view')).toBe(true);
    await permissions.grant('users', 'music.view');
    await db.deleteFrom('user_permissions').where('user_id', '=', user.id).execute();
    expect(await holds('music.view')).toBe(true);
    await db.deleteFrom('roles').where('name', '=', 'users').execute();
    expect(await holds('music.view')).toBe(false);
  });

  it("reads a user's grants once while no role or grant changes", async () => {
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-queries-')), 'q.log');
    const logged = await createTestApp({ QUERY_LOG: log });
    try {
      const user = await createUser(logged.app, { roles: ['users'] });
      const grantReads = () =>
        fs
          .readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line.includes('from \\"user_roles\\" inner join \\"role_permissions'))
          .length;
      const { permissions } = logged.app.services;
      await permissions.forUser(user.id);
      const first = grantReads();
      await permissions.forUser(user.id);
      expect(grantReads()).toBe(first);
      await permissions.assignRole(user.id, 'admin');
      expect(hasPermission(await permissions.forUser(user.id), 'settings.update')).toBe(true);
      expect(grantReads()).toBe(first + 1);
    } finally {
      await logged.close();
      fs.rmSync(path.dirname(log), { recursive: true, force: true });
    }
  });

  it('opens a route to guests only while the guest role holds its permission', async () => {
    const { TestClient } = await import('../../test/test-client.js');
    t.app.get('/api/v1/test-music', { config: { permission: 'music.view' } }, async () => ({
      ok: true,
    }));
    await t.app.ready();
    expect((await new TestClient(t.app).get('/api/v1/test-music')).statusCode).toBe(200);
    await t.app.services.permissions.revoke('guests', 'music.view');
    expect((await new TestClient(t.app).get('/api/v1/test-music')).statusCode).toBe(401);
    await t.app.services.permissions.grant('guests', 'music.view');
    expect((await new TestClient(t.app).get('/api/v1/test-music')).statusCode).toBe(200);
  });
});
