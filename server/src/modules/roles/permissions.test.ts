import { checkQuota, hasPermission } from '@cadenza/contracts/permissions';
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
