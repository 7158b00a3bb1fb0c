import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startSmtpServer } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { importTrack } from '../music/music.fixtures.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ MAIL_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ADMIN = 2;
const MEMBER = 3;

async function workspaceOf(client: TestClient, name = 'Label') {
  const created = await client.post('/api/v1/workspace', { name });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().workspace as { id: number; name: string };
}

/** The invitation notification a user received, with its invite id. */
async function invitationOf(client: TestClient) {
  const { data } = (await client.get('/api/v1/notifications')).json().pagination;
  return data.find((n: { type: string }) => n.type === 'workspace.invitation') as
    { id: string; data: { inviteId: string; buttonActions: { action: string }[] } } | undefined;
}

async function invite(owner: TestClient, workspaceId: number, emails: string[], role = MEMBER) {
  const response = await owner.post(`/api/v1/workspace/${workspaceId}/invite`, {
    emails,
    role_id: role,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().workspace;
}

describe('workspaces', () => {
  it('lists the Default workspace first, then the ones the user belongs to', async () => {
    const { client } = await signedInUser(t.app);
    await workspaceOf(client, 'Night Shift Records');
    const { workspaces } = (await client.get('/api/v1/me/workspaces')).json();
    expect(workspaces).toEqual([
      { id: 0, name: 'Default', members_count: 1 },
      { id: expect.any(Number), name: 'Night Shift Records', members_count: 1, role_id: 1 },
    ]);
  });

  it('lets a client discover the roles it may invite as, and invites as a member by default', async () => {
    const { client } = await signedInUser(t.app);
    const workspace = await workspaceOf(client);
    const lists = await client.get('/api/v1/value-lists/workspaceRoles');
    expect(lists.statusCode).toBe(200);
    const roles = lists.json().workspaceRoles as {
      id: number;
      name: string;
      invitable: boolean;
      default: boolean;
    }[];
    expect(roles).toEqual([
      expect.objectContaining({ id: 1, name: 'owner', invitable: false, default: false }),
      expect.objectContaining({
        id: ADMIN,
        name: 'admin',
        description: 'Also invites and manages members.',
        permissions: expect.arrayContaining(['workspace.members.invite']),
        invitable: true,
        default: false,
      }),
      expect.objectContaining({ id: MEMBER, name: 'member', invitable: true, default: true }),
    ]);

    const admin = roles.find((role) => role.name === 'admin')!;
    const asAdmin = await client.post(`/api/v1/workspace/${workspace.id}/invite`, {
      emails: ['ada@example.com'],
      role_id: admin.id,
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    const withoutRole = await client.post(`/api/v1/workspace/${workspace.id}/invite`, {
      emails: ['grace@example.com'],
    });
    expect(withoutRole.statusCode, withoutRole.body).toBe(200);
    expect(
      (withoutRole.json().workspace.invites as { email: string; role_name: string }[]).map(
        ({ email, role_name }) => ({ email, role_name }),
      ),
    ).toEqual(
      expect.arrayContaining([
        { email: 'ada@example.com', role_name: 'admin' },
        { email: 'grace@example.com', role_name: 'member' },
      ]),
    );
  });

  it('refuses names of 0 or 1,000 characters', async () => {
    const { client } = await signedInUser(t.app);
    expect((await client.post('/api/v1/workspace', { name: '' })).json().errors).toHaveProperty(
      'name',
    );
    expect((await client.post('/api/v1/workspace', { name: 'x'.repeat(1000) })).statusCode).toBe(
      422,
    );
    const { id } = await workspaceOf(client);
    expect(
      (await client.request('PUT', `/api/v1/workspace/${id}`, { name: '   ' })).statusCode,
    ).toBe(422);
  });

  it('answers 403 to non-members and 404 to unknown workspaces, by path and by workspaceId', async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const { id } = await workspaceOf(owner.client);
    expect((await stranger.client.get(`/api/v1/workspace/${id}`)).statusCode).toBe(403);
    expect((await stranger.client.get('/api/v1/workspace/999999')).statusCode).toBe(404);
    expect(
      (await stranger.client.get(`/api/v1/users/me/playlists?workspaceId=${id}`)).statusCode,
    ).toBe(403);
    expect(
      (await stranger.client.get('/api/v1/users/me/playlists?workspaceId=999999')).statusCode,
    ).toBe(404);
    expect(
      (await stranger.client.get('/api/v1/users/me/playlists?workspaceId=1e3')).statusCode,
    ).toBe(422);
    const workspace = (await owner.client.get(`/api/v1/workspace/${id}`)).json().workspace;
    expect(workspace).toMatchObject({
      id,
      owner_id: owner.user.id,
      members_count: 1,
      members: [{ id: owner.user.id, role_name: 'owner', role_id: 1 }],
      invites: [],
      currentUser: { role_name: 'owner' },
    });
  });
});

describe('invitations', () => {
  it('notifies an existing user, who joins once; the invitation then no longer works', async () => {
    const owner = await signedInUser(t.app);
    const invitee = await signedInUser(t.app);
    const { id } = await workspaceOf(owner.client);
    const workspace = await invite(owner.client, id, [invitee.user.email.toUpperCase()]);
    expect(workspace.invites).toEqual([
      expect.objectContaining({ email: invitee.user.email, role_name: 'member' }),
    ]);
    const notification = (await invitationOf(invitee.client))!;
    expect(notification.data.buttonActions.map((button) => button.action)).toEqual([
      'join',
      'decline',
    ]);
    expect(notification.data.inviteId).toMatch(/^[\w-]{32}$/);

    const joined = await invitee.client.get(`/api/v1/workspace/join/${notification.data.inviteId}`);
    expect(joined.json()).toEqual({ workspace: { id } });
    expect(await invitationOf(invitee.client)).toBeUndefined();
    const again = await invitee.client.get(`/api/v1/workspace/join/${notification.data.inviteId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This invite is no longer valid');
    const members = (await owner.client.get(`/api/v1/workspace/${id}`)).json().workspace.members;
    expect(members.map((member: { id: number }) => member.id)).toEqual([
      owner.user.id,
      invitee.user.id,
    ]);
  });

  it('works only for the invited e-mail’s account, and not once expired', async () => {
    const owner = await signedInUser(t.app);
    const invitee = await signedInUser(t.app);
    const intruder = await signedInUser(t.app);
    const { id } = await workspaceOf(owner.client);
    await invite(owner.client, id, [invitee.user.email]);
    const { inviteId } = (await invitationOf(invitee.client))!.data;
    expect((await intruder.client.get(`/api/v1/workspace/join/${inviteId}`)).statusCode).toBe(404);
    expect(
      (await intruder.client.request('DELETE', `/api/v1/workspace/invite/${inviteId}`)).statusCode,
    ).toBe(404);

    await t.db.kysely
      .updateTable('workspace_invites')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', inviteId)
      .execute();
    expect((await invitee.client.get(`/api/v1/workspace/join/${inviteId}`)).statusCode).toBe(404);
  });

  it('is declined, resent with a new expiry, or revoked', async () => {
    const owner = await signedInUser(t.app);
    const invitee = await signedInUser(t.app);
    const { id } = await workspaceOf(owner.client);
    await invite(owner.client, id, [invitee.user.email]);
    const first = (await invitationOf(invitee.client))!.data.inviteId;
    const declined = await invitee.client.request('DELETE', `/api/v1/workspace/invite/${first}`);
    expect(declined.json()).toEqual({ message: 'Declined workspace invitation' });
    expect((await owner.client.get(`/api/v1/workspace/${id}`)).json().workspace.invites).toEqual(
      [],
    );

    const listed = (await invite(owner.client, id, [invitee.user.email])).invites[0];
    const resent = await owner.client.post(`/api/v1/workspace/${id}/invite/${listed.id}/resend`);
    expect(Date.parse(resent.json().workspace.invites[0].expires_at)).toBeGreaterThanOrEqual(
      Date.parse(listed.expires_at),
    );
    const revoked = await owner.client.request(
      'DELETE',
      `/api/v1/workspace/${id}/invite/${listed.id}`,
    );
    expect(revoked.json().workspace.invites).toEqual([]);
    expect(await invitationOf(invitee.client)).toBeUndefined();
    expect((await invitee.client.get(`/api/v1/workspace/join/${listed.id}`)).statusCode).toBe(404);
  });

  it('mails someone without an account, whose invitation waits for their registration', async () => {
    const owner = await signedInUser(t.app);
    const { id } = await workspaceOf(owner.client, 'Harbour Label');
    const email = `newcomer${Date.now()}@example.com`;
    await invite(owner.client, id, [email], ADMIN);
    const mail = await smtp.waitFor(email, /invited you to join Harbour Label/);
    const link = /https?:\/\/[^\s"]+\/workspace\/join\/register\?[^\s"<]+/.exec(
      mail.text ?? '',
    )![0];
    expect(new URL(link).searchParams.get('email')).toBe(email);

    const newcomer = await new TestClient(t.app).visit();
    const registered = await newcomer.post('/auth/register', {
      email,
      username: `newcomer${Date.now()}`,
      password: 'a long walk home',
      password_confirmation: 'a long walk home',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const { inviteId } = (await invitationOf(newcomer))!.data;
    await newcomer.get(`/api/v1/workspace/join/${inviteId}`);
    const members = (await owner.client.get(`/api/v1/workspace/${id}`)).json().workspace.members;
    expect(members.find((member: { email: string }) => member.email === email)).toMatchObject({
      role_name: 'admin',
    });
  });
});

describe('roles', () => {
  async function team() {
    const owner = await signedInUser(t.app);
    const admin = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const { id } = await workspaceOf(owner.client);
    await invite(owner.client, id, [admin.user.email], ADMIN);
    await invite(owner.client, id, [member.user.email], MEMBER);
    for (const person of [admin, member]) {
      const { inviteId } = (await invitationOf(person.client))!.data;
      await person.client.get(`/api/v1/workspace/join/${inviteId}`);
    }
    return { id, owner, admin, member };
  }

  it('keeps owner-only and admin actions from members', async () => {
    const { id, owner, admin, member } = await team();
    expect(
      (await member.client.request('PUT', `/api/v1/workspace/${id}`, { name: 'Mine now' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await member.client.post(`/api/v1/workspace/${id}/invite`, {
          emails: ['x@example.com'],
          role_id: 3,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await member.client.request('DELETE', `/api/v1/workspace/${id}/member/${admin.user.id}`))
        .statusCode,
    ).toBe(403);
    expect((await admin.client.request('DELETE', `/api/v1/workspace/${id}`)).statusCode).toBe(403);
    expect(
      (
        await admin.client.post(`/api/v1/workspace/${id}/member/${owner.user.id}/change-role`, {
          role_id: 3,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await admin.client.post(`/api/v1/workspace/${id}/member/${member.user.id}/change-role`, {
          role_id: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await admin.client.request('PUT', `/api/v1/workspace/${id}`, { name: 'Renamed' })).json()
        .workspace.name,
    ).toBe('Renamed');
    expect(
      (
        await admin.client.post(`/api/v1/workspace/${id}/invite`, {
          emails: ['owner@example.com'],
          role_id: 1,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('lets the owner hand over, and only then leave; members leave or are removed', async () => {
    const { id, owner, admin, member } = await team();
    const leave = await owner.client.request(
      'DELETE',
      `/api/v1/workspace/${id}/member/${owner.user.id}`,
    );
    expect(leave.statusCode).toBe(422);
    expect(leave.json().message).toMatch(/hand the workspace over/);

    const handed = await owner.client.post(
      `/api/v1/workspace/${id}/member/${admin.user.id}/change-role`,
      { role_id: 1 },
    );
    expect(handed.json().workspace).toMatchObject({
      owner_id: admin.user.id,
      currentUser: { role_name: 'admin' },
    });
    expect(
      (
        await owner.client.request('DELETE', `/api/v1/workspace/${id}/member/${owner.user.id}`)
      ).json(),
    ).toEqual({
      message: 'You left the workspace',
    });
    expect((await owner.client.get(`/api/v1/workspace/${id}`)).statusCode).toBe(403);
    expect(
      (
        await admin.client.request('DELETE', `/api/v1/workspace/${id}/member/${member.user.id}`)
      ).json(),
    ).toEqual({
      message: 'Member removed',
    });
    expect((await admin.client.request('DELETE', `/api/v1/workspace/${id}`)).statusCode).toBe(200);
    expect((await admin.client.get(`/api/v1/workspace/${id}`)).statusCode).toBe(404);
  });

  it('shares a playlist made in the workspace with its members', async () => {
    const { id, owner, member } = await team();
    const stranger = await signedInUser(t.app);
    const { trackId } = await importTrack(t.app, t.config.dataDir);
    const made = await owner.client.post(`/api/v1/playlists?workspaceId=${id}`, {
      name: 'Label picks',
    });
    const playlist = made.json().playlist;
    const shared = (await member.client.get(`/api/v1/users/me/playlists?workspaceId=${id}`)).json()
      .pagination;
    expect(shared.data.map((item: { id: number }) => item.id)).toEqual([playlist.id]);
    const added = await member.client.post(`/api/v1/playlists/${playlist.id}/tracks`, {
      trackIds: [trackId],
    });
    expect(added.statusCode).toBe(200);
    expect((await stranger.client.get(`/api/v1/playlists/${playlist.id}`)).statusCode).toBe(404);
    const mine = (await owner.client.get('/api/v1/users/me/playlists')).json().pagination;
    expect(mine.data.map((item: { id: number }) => item.id)).toContain(playlist.id);
  });

  /** What a music app sees: a Subsonic call with the user's API key, answered in JSON. */
  async function subsonic(client: TestClient, method: string, params: Record<string, string> = {}) {
    const apiKey = (await client.post('/api/v1/access-tokens', { tokenName: 'Music app' })).json()
      .plainTextToken as string;
    const query = new URLSearchParams({ v: '1.16.1', c: 'test', f: 'json', apiKey, ...params });
    const response = await t.app.inject({ method: 'GET', url: `/rest/${method}?${query}` });
    return response.json()['subsonic-response'];
  }

  it('lets each role do with a workspace playlist what the role allows, the same by Subsonic', async () => {
    const { id, owner, admin, member } = await team();
    const stranger = await signedInUser(t.app);
    const { trackId } = await importTrack(t.app, t.config.dataDir);
    const made = await member.client.post(`/api/v1/playlists?workspaceId=${id}`, {
      name: 'Demo tapes',
    });
    expect(made.statusCode).toBe(201);
    const playlistId = made.json().playlist.id as number;
    const personal = (await member.client.post('/api/v1/playlists', { name: 'Diary' })).json()
      .playlist.id as number;

    // In the workspace, the other members see it listed, and what they may do with it.
    const listed = (await owner.client.get(`/api/v1/users/me/playlists?workspaceId=${id}`)).json()
      .pagination.data as { id: number; can_edit: boolean; can_edit_tracks: boolean }[];
    expect(listed).toEqual([
      expect.objectContaining({ id: playlistId, can_edit: true, can_edit_tracks: true }),
    ]);
    // The member's own space stays theirs.
    expect((await owner.client.get(`/api/v1/playlists/${personal}`)).statusCode).toBe(404);

    // A plain member changes the tracks of another's workspace playlist, not the playlist itself.
    const other = await signedInUser(t.app);
    await invite(owner.client, id, [other.user.email], MEMBER);
    await other.client.get(
      `/api/v1/workspace/join/${(await invitationOf(other.client))!.data.inviteId}`,
    );
    const seen = await other.client.get(`/api/v1/playlists/${playlistId}`);
    expect(seen.json().playlist).toMatchObject({
      name: 'Demo tapes',
      is_owner: false,
      can_edit: false,
      can_edit_tracks: true,
    });
    const added = await other.client.post(`/api/v1/playlists/${playlistId}/tracks`, {
      trackIds: [trackId],
    });
    expect(added.json().playlist.tracks_count).toBe(1);
    expect(
      (await other.client.request('PUT', `/api/v1/playlists/${playlistId}`, { name: 'Mine' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await other.client.request('DELETE', `/api/v1/playlists/${playlistId}`)).statusCode,
    ).toBe(403);

    // An admin runs the workspace's playlists: renames one a member made.
    const renamed = await admin.client.request('PUT', `/api/v1/playlists/${playlistId}`, {
      name: 'Label demos',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().playlist).toMatchObject({ name: 'Label demos', can_edit: true });

    // Someone outside the workspace finds nothing, and cannot ask within it.
    expect((await stranger.client.get(`/api/v1/playlists/${playlistId}`)).statusCode).toBe(404);
    expect(
      (
        await stranger.client.post(`/api/v1/playlists/${playlistId}/tracks`, {
          trackIds: [trackId],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await stranger.client.get(`/api/v1/users/me/playlists?workspaceId=${id}`)).statusCode,
    ).toBe(403);

    // A music app agrees: members list and open it, a member changes its songs but not its name.
    const names = async (client: TestClient) =>
      ((await subsonic(client, 'getPlaylists')).playlists.playlist ?? []).map(
        (playlist: { name: string }) => playlist.name,
      );
    expect(await names(other.client)).toEqual(['Label demos']);
    expect(await names(member.client)).toEqual(expect.arrayContaining(['Label demos', 'Diary']));
    expect(await names(stranger.client)).toEqual([]);
    const opened = await subsonic(other.client, 'getPlaylist', { id: String(playlistId) });
    expect(opened.playlist).toMatchObject({ name: 'Label demos', songCount: 1 });
    expect(
      (await subsonic(stranger.client, 'getPlaylist', { id: String(playlistId) })).status,
    ).toBe('failed');
    const removed = await subsonic(other.client, 'updatePlaylist', {
      playlistId: String(playlistId),
      songIndexToRemove: '0',
    });
    expect(removed.status).toBe('ok');
    const refused = await subsonic(other.client, 'updatePlaylist', {
      playlistId: String(playlistId),
      name: 'Mine',
    });
    expect(refused).toMatchObject({ status: 'failed', error: { code: 50 } });
    expect(
      (await member.client.get(`/api/v1/playlists/${playlistId}`)).json().playlist,
    ).toMatchObject({ name: 'Label demos', tracks_count: 0 });
  });
});
