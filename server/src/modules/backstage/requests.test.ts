import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { labelWithMember } from './backstage.testing.js';
import { multipartFile } from '../../test/multipart.js';
import { startSmtpServer } from '../../test/smtp.js';
import { ADMIN_EMAIL, createTestApp, signedInAdmin, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { coverPng, importTrack } from '../music/music.fixtures.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: TestClient;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ MAIL_URL: smtp.url });
  admin = await signedInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const proof = 'My page on the festival site lists this address.';

async function ask(client: TestClient, body: Record<string, unknown>) {
  return client.post('/api/v1/backstage/requests', { proof, ...body });
}

async function upload(client: TestClient, data: Buffer, filename: string, type: string) {
  const file = multipartFile(data, { filename, type });
  const response = await client.request('POST', '/api/v1/file-entries', file.body, {
    headers: file.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().fileEntry.id as number;
}

async function notices(client: TestClient, type: string) {
  const { data } = (await client.get('/api/v1/notifications')).json().pagination;
  return (data as { type: string; data: { lines: { content: string }[] } }[])
    .filter((notice) => notice.type === type)
    .map((notice) => notice.data.lines.map((line) => line.content).join(' '));
}

const managed = async (client: TestClient) =>
  (await client.get('/api/v1/backstage/artists')).json().artists as {
    id: number;
    name: string;
    verified: boolean;
    workspace: { id: number } | null;
  }[];

describe('backstage requests', () => {
  it('makes a new artist profile on approval, telling the admins and then the artist', async () => {
    const { user, client } = await signedInUser(t.app);
    const picture = await upload(client, await coverPng('#aa3366'), 'me.png', 'image/png');
    const asked = await ask(client, {
      type: 'become-artist',
      artist_name: 'Lua Verde',
      links: [{ url: 'https://luaverde.example', title: 'Website' }],
      message: 'First EP out in May.',
      image_file_entry_id: picture,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json().request;
    expect(request).toMatchObject({
      type: 'become-artist',
      status: 'pending',
      artist_name: 'Lua Verde',
      artist: null,
      proof,
    });
    expect(request.image).toMatch(/^\/storage\/backstage\/requests\//);

    // The reviewers hear of it, in the app and by e-mail.
    await smtp.waitFor(ADMIN_EMAIL);
    await vi.waitFor(async () =>
      expect(await notices(admin, 'backstage.request')).toEqual([
        expect.stringContaining('asks to become the artist <b>Lua Verde</b>'),
      ]),
    );
    const pendingList = (await admin.get('/api/v1/admin/backstage-requests?status=pending')).json()
      .pagination;
    expect(pendingList.data.map((row: { id: number }) => row.id)).toContain(request.id);
    expect(pendingList.data[0].user.email).toBe(user.email);

    const approved = await admin.post(`/api/v1/admin/backstage-requests/${request.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const artist = approved.json().request.artist;
    expect(approved.json().request.status).toBe('approved');
    expect(artist).toMatchObject({ name: 'Lua Verde' });

    const page = (await client.get(`/api/v1/artists/${artist.id}`)).json().artist;
    expect(page.links).toEqual([{ url: 'https://luaverde.example', title: 'Website' }]);
    expect(page.image_small).toMatch(/^\/storage\/artwork\/artists\//);
    expect(await managed(client)).toEqual([
      {
        id: artist.id,
        name: 'Lua Verde',
        image_small: page.image_small,
        verified: false,
        workspace: null,
        access: 'edit',
      },
    ]);
    await smtp.waitFor(user.email, /.+/);
    await vi.waitFor(async () =>
      expect(await notices(client, 'backstage.answer')).toEqual([
        expect.stringContaining('Your request for <b>Lua Verde</b> is approved.'),
      ]),
    );
    expect((await client.get('/api/v1/backstage/requests')).json().requests[0]).toMatchObject({
      id: request.id,
      status: 'approved',
    });

    // Reviewed once: a second answer is refused and changes nothing.
    const again = await admin.post(`/api/v1/admin/backstage-requests/${request.id}/deny`, {
      reason: 'Changed my mind',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.status).toMatch(/reviewed already/);
  });

  it('declines with the reason told to the artist, and a reason is required', async () => {
    const { client } = await signedInUser(t.app);
    const request = (await ask(client, { type: 'become-artist', artist_name: 'Not Yet' })).json()
      .request;
    const bare = await admin.post(`/api/v1/admin/backstage-requests/${request.id}/deny`, {
      reason: '  ',
    });
    expect(bare.statusCode).toBe(422);
    const denied = await admin.post(`/api/v1/admin/backstage-requests/${request.id}/deny`, {
      reason: 'We could not reach you at the address you gave.',
    });
    expect(denied.json().request).toMatchObject({
      status: 'denied',
      reason: 'We could not reach you at the address you gave.',
      artist: null,
    });
    await vi.waitFor(async () =>
      expect(await notices(client, 'backstage.answer')).toEqual([
        expect.stringContaining('We could not reach you at the address you gave.'),
      ]),
    );
    expect(await managed(client)).toEqual([]);
    expect(await t.app.services.catalogue.findArtistIdByName('Not Yet')).toBeNull();
  });

  it('hands over a claimed profile once; a second claim is refused', async () => {
    const { artistIds } = await importTrack(t.app, t.config.dataDir, {
      title: 'Old song',
      artists: ['Banda Clara'],
      album: 'First',
    });
    const artistId = artistIds[0]!;
    const first = await signedInUser(t.app);
    const second = await signedInUser(t.app);
    const claim = (client: TestClient) =>
      ask(client, { type: 'claim-artist', artist_id: artistId });
    const mine = (await claim(first.client)).json().request;
    const theirs = (await claim(second.client)).json().request;
    expect(mine).toMatchObject({ artist_name: 'Banda Clara', artist: { id: artistId } });
    expect((await claim(first.client)).json().errors.type).toMatch(/asked for this already/);

    expect(
      (await admin.post(`/api/v1/admin/backstage-requests/${mine.id}/approve`)).statusCode,
    ).toBe(200);
    expect((await managed(first.client)).map((artist) => artist.id)).toEqual([artistId]);
    const late = await admin.post(`/api/v1/admin/backstage-requests/${theirs.id}/approve`);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.artist_id).toMatch(/Someone else manages/);
    expect(await managed(second.client)).toEqual([]);
    const third = await signedInUser(t.app);
    expect((await claim(third.client)).json().errors.artist_id).toMatch(/claimed already/);
  });

  it('gives the verified badge only to an artist the user manages', async () => {
    const { client } = await signedInUser(t.app);
    const { artistIds } = await importTrack(t.app, t.config.dataDir, {
      title: 'Tune',
      artists: ['Duo Norte'],
      album: null,
    });
    const verify = () => ask(client, { type: 'verify-artist', artist_id: artistIds[0] });
    expect((await verify()).json().errors.artist_id).toMatch(/an artist you manage/);
    const claim = (await ask(client, { type: 'claim-artist', artist_id: artistIds[0] })).json();
    await admin.post(`/api/v1/admin/backstage-requests/${claim.request.id}/approve`);
    const asked = await verify();
    expect(asked.statusCode, asked.body).toBe(201);
    await admin.post(`/api/v1/admin/backstage-requests/${asked.json().request.id}/approve`);
    expect((await managed(client))[0]!.verified).toBe(true);
    expect((await verify()).json().errors.artist_id).toMatch(/verified already/);
  });

  it("gives a label's profile to its workspace, asked by the workspace's owner only", async () => {
    const { owner, member, workspace } = await labelWithMember(t, 'Selo Sul');
    const body = { type: 'become-artist', artist_name: 'Coro do Sul', workspace_id: workspace.id };
    const refused = await ask(member.client, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.workspace_id).toMatch(/owner or an admin/);
    const stranger = await signedInUser(t.app);
    expect((await ask(stranger.client, body)).statusCode).toBe(422);

    const asked = (await ask(owner.client, body)).json().request;
    expect(asked.workspace).toEqual({ id: workspace.id, name: 'Selo Sul' });
    await admin.post(`/api/v1/admin/backstage-requests/${asked.id}/approve`);
    // The label's owner runs the profile; its members see it.
    for (const [client, access] of [
      [owner.client, 'edit'],
      [member.client, 'view'],
    ] as const) {
      expect(await managed(client)).toEqual([
        expect.objectContaining({
          name: 'Coro do Sul',
          workspace: { id: workspace.id, name: 'Selo Sul' },
          access,
        }),
      ]);
    }
    expect(await managed(stranger.client)).toEqual([]);

    // The badge is asked for by those who run the label's profile, not by its members.
    const artistId = (await managed(owner.client))[0]!.id;
    const badge = { type: 'verify-artist', artist_id: artistId };
    expect((await ask(member.client, badge)).json().errors.artist_id).toMatch(/artist you manage/);
    expect((await ask(owner.client, badge)).statusCode).toBe(201);
  });

  it('refuses bad input with a message, keeping nothing of it', async () => {
    const { client } = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const before = (await admin.get('/api/v1/admin/backstage-requests')).json().pagination.total;

    const taken = await ask(client, { type: 'become-artist', artist_name: 'Banda Clara' });
    expect(taken.json().errors.artist_name).toMatch(/claim that profile instead/);
    expect((await ask(client, { type: 'become-artist' })).json().errors.artist_name).toBeTruthy();
    expect(
      (
        await client.post('/api/v1/backstage/requests', { type: 'become-artist', artist_name: 'X' })
      ).json().errors.proof,
    ).toBeTruthy();
    const script = await ask(client, {
      type: 'become-artist',
      artist_name: 'Links',
      links: [{ url: 'javascript:alert(1)', title: 'Site' }],
    });
    expect(script.statusCode).toBe(422);
    expect(
      (await ask(client, { type: 'claim-artist', artist_id: 999999 })).json().errors.artist_id,
    ).toMatch(/not found/);

    // A picture is judged by its content; another user's upload is not there at all.
    const text = await upload(
      client,
      Buffer.from('<svg onload="alert(1)"/>'),
      'me.png',
      'image/png',
    );
    const notPicture = await ask(client, {
      type: 'become-artist',
      artist_name: 'Pictured',
      image_file_entry_id: text,
    });
    expect(notPicture.json().errors.image_file_entry_id).toMatch(/JPEG, PNG/);
    const foreign = await upload(other.client, await coverPng(), 'them.png', 'image/png');
    const stolen = await ask(client, {
      type: 'become-artist',
      artist_name: 'Pictured',
      image_file_entry_id: foreign,
    });
    expect(stolen.statusCode).toBe(404);

    expect((await admin.get('/api/v1/admin/backstage-requests')).json().pagination.total).toBe(
      before,
    );
  });

  it('answers 401 to guests and 403 to listeners on the review calls', async () => {
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/backstage/requests')).statusCode).toBe(401);
    expect((await guest.get('/api/v1/backstage/artists')).statusCode).toBe(401);
    const { client } = await signedInUser(t.app);
    const calls = [
      ['GET', '/api/v1/admin/backstage-requests'],
      ['GET', '/api/v1/admin/backstage-requests/1'],
      ['POST', '/api/v1/admin/backstage-requests/1/approve'],
      ['POST', '/api/v1/admin/backstage-requests/1/deny'],
    ] as const;
    for (const [method, url] of calls) {
      const body = method === 'POST' ? { reason: 'no' } : undefined;
      expect((await client.request(method, url, body)).statusCode, url).toBe(403);
      expect((await guest.request(method, url, body)).statusCode, url).toBe(401);
    }
  });
});
