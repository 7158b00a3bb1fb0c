import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PLAYLISTS } from '../../../seed.js';
import { signedInUser } from '../../../test/factories.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  type TestApp,
} from '../../../test/test-app.js';
import { multipartFile } from '../../../test/multipart.js';
import { TestClient } from '../../../test/test-client.js';
import { coverPng, importTrack } from '../music.fixtures.js';

describe('playlists', () => {
  let t: TestApp;
  let trackIds: number[];
  const signIn = () => signedInUser(t.app);

  beforeAll(async () => {
    t = await createTestApp();
    trackIds = [];
    for (let i = 1; i <= 4; i++)
      trackIds.push((await importTrack(t.app, t.config.dataDir, { title: `Song ${i}` })).trackId);
  });
  afterAll(() => t.close());

  /** A track on an album with a cover of its own; returns the track and that cover's URL. */
  const albumTrack = async (client: TestClient, album: string, color: string) => {
    const { trackId, albumId } = await importTrack(t.app, t.config.dataDir, {
      album,
      coverImage: { data: await coverPng(color), mime: 'image/png' },
    });
    const cover: string = (await client.get(`/api/v1/albums/${albumId}`)).json().album.image;
    return { trackId, cover };
  };

  it('takes the same tracks added at once from several tabs without an error, each once', async () => {
    const { client } = await signIn();
    const id = (await client.post('/api/v1/playlists', { name: 'Double click' })).json().playlist
      .id;
    const answers = await Promise.all(
      [0, 1, 2, 3, 0, 1, 2, 3].map((index) =>
        client.post(`/api/v1/playlists/${id}/tracks`, { trackIds: [trackIds[index]] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const page = await client.get(`/api/v1/playlists/${id}/tracks`);
    const names = page.json().pagination.data.map((track: { name: string }) => track.name);
    expect([...names].sort()).toEqual(['Song 1', 'Song 2', 'Song 3', 'Song 4']);
  });

  it('lets the owner create, fill, reorder, rename and delete a playlist', async () => {
    const { client } = await signIn();
    const created = await client.post('/api/v1/playlists', { name: 'Road trip', public: true });
    expect(created.statusCode).toBe(201);
    const id = created.json().playlist.id;
    expect(created.json().playlist).toMatchObject({
      name: 'Road trip',
      public: true,
      tracks_count: 0,
    });

    const added = await client.post(`/api/v1/playlists/${id}/tracks`, {
      trackIds: trackIds.slice(0, 3),
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().playlist.tracks_count).toBe(3);

    await client.post(`/api/v1/playlists/${id}/tracks/order`, {
      trackIds: [trackIds[2], trackIds[0], trackIds[1]],
    });
    const page = await client.get(`/api/v1/playlists/${id}/tracks?perPage=2`);
    expect(page.json().pagination).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
    expect(page.json().pagination.data.map((t: { name: string }) => t.name)).toEqual([
      'Song 3',
      'Song 1',
    ]);
    const second = await client.get(`/api/v1/playlists/${id}/tracks?perPage=2&page=2`);
    expect(second.json().pagination.data.map((t: { name: string }) => t.name)).toEqual(['Song 2']);

    const removed = await client.request('DELETE', `/api/v1/playlists/${id}/tracks`, {
      trackIds: [trackIds[0]],
    });
    expect(removed.json().playlist.tracks_count).toBe(2);

    const renamed = await client.request('PUT', `/api/v1/playlists/${id}`, { name: 'Long drive' });
    expect(renamed.json().playlist.name).toBe('Long drive');

    const mine = await client.get('/api/v1/users/me/playlists');
    expect(mine.json().pagination.data.map((p: { id: number }) => p.id)).toContain(id);

    expect((await client.request('DELETE', `/api/v1/playlists/${id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/v1/playlists/${id}`)).statusCode).toBe(404);
  });

  it("keeps a playlist's count exact through every change, the catalogue's included", async () => {
    const { client } = await signIn();
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const doomed = await importTrack(t.app, t.config.dataDir, { title: 'Soon gone' });
    const id = (await client.post('/api/v1/playlists', { name: 'Counted', public: true })).json()
      .playlist.id;
    const counts = async () => {
      const shown = (await client.get(`/api/v1/playlists/${id}`)).json().playlist.tracks_count;
      const listed = (await client.get('/api/v1/users/me/playlists'))
        .json()
        .pagination.data.find((playlist: { id: number }) => playlist.id === id).tracks_count;
      const paged = (await client.get(`/api/v1/playlists/${id}/tracks?perPage=1`)).json().pagination
        .total;
      return [shown, listed, paged];
    };

    await client.post(`/api/v1/playlists/${id}/tracks`, {
      trackIds: [trackIds[0], doomed.trackId, trackIds[1]],
    });
    expect(await counts()).toEqual([3, 3, 3]);
    // Tracks already there are not added again.
    await client.post(`/api/v1/playlists/${id}/tracks`, { trackIds: [trackIds[0], trackIds[2]] });
    expect(await counts()).toEqual([4, 4, 4]);
    await client.request('DELETE', `/api/v1/playlists/${id}/tracks`, { trackIds: [trackIds[1]] });
    expect(await counts()).toEqual([3, 3, 3]);
    // A track deleted from the catalogue leaves every playlist it was in.
    expect((await admin.delete(`/api/v1/admin/tracks/${doomed.trackId}`)).statusCode).toBe(200);
    expect(await counts()).toEqual([2, 2, 2]);
    const names = (await client.get(`/api/v1/playlists/${id}/tracks`)).json().pagination.data;
    expect(names.map((track: { name: string }) => track.name)).toEqual(['Song 1', 'Song 3']);
  });

  it('hides private playlists from everyone but the owner', async () => {
    const owner = await signIn();
    const other = await signIn();
    const id = (
      await owner.client.post('/api/v1/playlists', { name: 'Secret', public: false })
    ).json().playlist.id;
    await owner.client.post(`/api/v1/playlists/${id}/tracks`, { trackIds: [trackIds[0]] });

    expect((await owner.client.get(`/api/v1/playlists/${id}`)).statusCode).toBe(200);
    expect((await other.client.get(`/api/v1/playlists/${id}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/v1/playlists/${id}/tracks`)).statusCode).toBe(404);
    expect(
      (await other.client.post(`/api/v1/playlists/${id}/tracks`, { trackIds: [trackIds[1]] }))
        .statusCode,
    ).toBe(404);
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get(`/api/v1/playlists/${id}`)).statusCode).toBe(404);
  });

  it("never lets a user change another's playlist unless it is collaborative, and then only its tracks", async () => {
    const owner = await signIn();
    const other = await signIn();
    const closed = (
      await owner.client.post('/api/v1/playlists', { name: 'Mine', public: true })
    ).json().playlist.id;
    expect(
      (await other.client.request('PUT', `/api/v1/playlists/${closed}`, { name: 'Hacked' }))
        .statusCode,
    ).toBe(403);
    expect((await other.client.request('DELETE', `/api/v1/playlists/${closed}`)).statusCode).toBe(
      403,
    );
    expect(
      (await other.client.post(`/api/v1/playlists/${closed}/tracks`, { trackIds: [trackIds[0]] }))
        .statusCode,
    ).toBe(403);
    expect((await owner.client.get(`/api/v1/playlists/${closed}`)).json().playlist.name).toBe(
      'Mine',
    );

    const shared = (
      await owner.client.post('/api/v1/playlists', {
        name: 'Party',
        public: true,
        collaborative: true,
      })
    ).json().playlist.id;
    // Its followers add tracks (see collaborative-playlists.test.ts).
    await other.client.post(`/api/v1/playlists/${shared}/follow`);
    const added = await other.client.post(`/api/v1/playlists/${shared}/tracks`, {
      trackIds: [trackIds[3]],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().playlist.tracks_count).toBe(1);
    expect(
      (await other.client.request('PUT', `/api/v1/playlists/${shared}`, { name: 'Mine now' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses guests and users over their playlist quota', async () => {
    const guest = await new TestClient(t.app).visit();
    expect((await guest.post('/api/v1/playlists', { name: 'Nope' })).statusCode).toBe(401);

    await t.app.services.permissions.grant('users', 'playlists.create', [
      { name: 'count', value: 1 },
    ]);
    try {
      const { client } = await signIn();
      expect((await client.post('/api/v1/playlists', { name: 'One' })).statusCode).toBe(201);
      const second = await client.post('/api/v1/playlists', { name: 'Two' });
      expect(second.statusCode).toBe(403);
      expect(second.json().message).toMatch(/maximum/);
      // The client offers the plans that allow more.
      expect(second.json().action).toEqual({ label: 'See plans', action: '/pricing' });
    } finally {
      await t.app.services.permissions.grant('users', 'playlists.create', [
        { name: 'count', value: FREE_PLAYLISTS },
      ]);
    }
  });

  it('validates track ids and names', async () => {
    const { client } = await signIn();
    expect((await client.post('/api/v1/playlists', { name: '' })).statusCode).toBe(422);
    const id = (await client.post('/api/v1/playlists', { name: 'Valid' })).json().playlist.id;
    expect(
      (await client.post(`/api/v1/playlists/${id}/tracks`, { trackIds: [99999999] })).statusCode,
    ).toBe(422);
  });

  it('adds a track named twice in one request once', async () => {
    const { client } = await signIn();
    const { trackId } = await importTrack(t.app, t.config.dataDir, { album: 'Twice' });
    const id = (await client.post('/api/v1/playlists', { name: 'Twice' })).json().playlist.id;
    const added = await client.post(`/api/v1/playlists/${id}/tracks`, {
      trackIds: [trackId, trackId],
    });
    expect(added.statusCode).toBe(200);
    const tracks = (await client.get(`/api/v1/playlists/${id}/tracks`)).json().pagination.data;
    expect(tracks.map((track: { id: number }) => track.id)).toEqual([trackId]);
  });

  it('shows the owner by name, never by a part of their e-mail address', async () => {
    const { user, client } = await signIn();
    const id = (await client.post('/api/v1/playlists', { name: 'Shared', public: true })).json()
      .playlist.id;
    const seen = (await new TestClient(t.app).get(`/api/v1/playlists/${id}`)).json().playlist;
    expect(seen.owner).toMatchObject({ id: user.id, name: `User ${user.id}` });
    expect(JSON.stringify(seen)).not.toContain(user.email.split('@')[0]);
  });

  it('takes a cover picture from the owner, checked by its content', async () => {
    const owner = await signIn();
    const other = await signIn();
    const id = (
      await owner.client.post('/api/v1/playlists', { name: 'Covered', public: true })
    ).json().playlist.id;
    const png = multipartFile(await coverPng('#123456'), {
      filename: 'cover.png',
      type: 'image/png',
    });
    const uploaded = await owner.client.request('POST', `/api/v1/playlists/${id}/image`, png.body, {
      headers: png.headers,
    });
    expect(uploaded.statusCode).toBe(200);
    const image = uploaded.json().playlist.image as string;
    expect(image).toMatch(/^\/storage\/artwork\/playlists\/\d+\/.+\.webp$/);
    const served = await owner.client.get(image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const fake = multipartFile(Buffer.from('<html><script>alert(1)</script>'), {
      filename: 'x.png',
      type: 'image/png',
    });
    const refused = await owner.client.request('POST', `/api/v1/playlists/${id}/image`, fake.body, {
      headers: fake.headers,
    });
    expect(refused.statusCode).toBe(422);

    const stranger = await other.client.request('POST', `/api/v1/playlists/${id}/image`, png.body, {
      headers: png.headers,
    });
    expect(stranger.statusCode).toBe(403);

    const cleared = await owner.client.request('DELETE', `/api/v1/playlists/${id}/image`);
    expect(cleared.json().playlist.image).toBeNull();
    expect((await owner.client.get(image)).statusCode).toBe(404);
  });

  it("shows a private playlist's picture only to those who may see the playlist", async () => {
    const owner = await signIn();
    const other = await signIn();
    const id = (
      await owner.client.post('/api/v1/playlists', { name: 'Diary', public: false })
    ).json().playlist.id;
    const png = multipartFile(await coverPng('#abcdef'), {
      filename: 'cover.png',
      type: 'image/png',
    });
    const image = (
      await owner.client.request('POST', `/api/v1/playlists/${id}/image`, png.body, {
        headers: png.headers,
      })
    ).json().playlist.image as string;

    const mine = await owner.client.get(image);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect((await other.client.get(image)).statusCode).toBe(404);
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get(image)).statusCode).toBe(404);

    await owner.client.request('PUT', `/api/v1/playlists/${id}`, { public: true });
    expect((await guest.get(image)).statusCode).toBe(200);
  });

  it('follows and unfollows a public playlist', async () => {
    const owner = await signIn();
    const fan = await signIn();
    const id = (await owner.client.post('/api/v1/playlists', { name: 'Hits', public: true })).json()
      .playlist.id;
    const followed = await fan.client.post(`/api/v1/playlists/${id}/follow`);
    expect(followed.json().playlist).toMatchObject({ followers_count: 1, is_followed: true });
    const mine = await fan.client.get('/api/v1/users/me/playlists');
    expect(mine.json().pagination.data.map((p: { id: number }) => p.id)).toEqual([id]);
    await fan.client.post(`/api/v1/playlists/${id}/unfollow`);
    expect((await fan.client.get(`/api/v1/playlists/${id}`)).json().playlist.followers_count).toBe(
      0,
    );
  });

  it('covers a playlist with the first four distinct album covers, in playlist order', async () => {
    const { client } = await signIn();
    const albums: { trackId: number; cover: string }[] = [];
    for (const [index, color] of ['#aa0000', '#00aa00', '#0000aa', '#aaaa00', '#00aaaa'].entries())
      albums.push(await albumTrack(client, `Mosaic ${index}`, color));
    const again = await importTrack(t.app, t.config.dataDir, { album: 'Mosaic 0' });
    const five = (await client.post('/api/v1/playlists', { name: 'Five albums' })).json().playlist
      .id;
    const [first, second, third, fourth, fifth] = albums.map((album) => album.trackId);
    await client.post(`/api/v1/playlists/${five}/tracks`, {
      trackIds: [first, second, again.trackId, third, fourth, fifth],
    });
    const two = (await client.post('/api/v1/playlists', { name: 'Two albums' })).json().playlist.id;
    await client.post(`/api/v1/playlists/${two}/tracks`, {
      trackIds: [second, first, again.trackId],
    });

    const mine = (await client.get('/api/v1/users/me/playlists')).json().pagination.data as {
      id: number;
      image: string | null;
      mosaic: string[];
    }[];
    const covers = albums.map((album) => album.cover);
    expect(mine.find((p) => p.id === five)).toMatchObject({
      image: covers[0],
      mosaic: covers.slice(0, 4),
    });
    expect(mine.find((p) => p.id === two)).toMatchObject({ image: covers[1], mosaic: [] });
  });

  it('draws no mosaic over a playlist with its own image', async () => {
    const { client } = await signIn();
    const tracks: number[] = [];
    for (const [index, color] of ['#110000', '#001100', '#000011', '#111100'].entries())
      tracks.push((await albumTrack(client, `Own image ${index}`, color)).trackId);
    const id = (await client.post('/api/v1/playlists', { name: 'Own image' })).json().playlist.id;
    const filled = await client.post(`/api/v1/playlists/${id}/tracks`, { trackIds: tracks });
    expect(filled.json().playlist.mosaic).toHaveLength(4);

    const png = multipartFile(await coverPng('#654321'), {
      filename: 'cover.png',
      type: 'image/png',
    });
    const uploaded = (
      await client.request('POST', `/api/v1/playlists/${id}/image`, png.body, {
        headers: png.headers,
      })
    ).json().playlist;
    expect(uploaded.image).toMatch(/^\/storage\/artwork\/playlists\//);
    expect(uploaded.mosaic).toEqual([]);
  });
});
