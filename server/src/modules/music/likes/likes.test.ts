import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  type TestApp,
} from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { importTrack } from '../music.fixtures.js';

describe('likes and follows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = () => signedInUser(t.app);

  it('likes tracks, albums and artists and lists them newest first, paginated', async () => {
    const a = await importTrack(t.app, t.config.dataDir, {
      title: 'Liked one',
      artists: ['Liker'],
    });
    const b = await importTrack(t.app, t.config.dataDir, {
      title: 'Liked two',
      artists: ['Liker'],
    });
    const { client } = await signIn();
    for (const id of [a.trackId, b.trackId]) {
      const response = await client.post('/api/v1/users/me/liked-items', {
        likeable_type: 'track',
        likeable_id: id,
      });
      expect(response.statusCode).toBe(200);
    }
    await client.post('/api/v1/users/me/liked-items', {
      likeable_type: 'album',
      likeable_id: a.albumId,
    });
    await client.post('/api/v1/users/me/liked-items', {
      likeable_type: 'artist',
      likeable_id: a.artistIds[0],
    });

    const tracks = await client.get('/api/v1/users/me/liked-tracks?perPage=1');
    expect(tracks.json().pagination).toMatchObject({ total: 2, last_page: 2, current_page: 1 });
    expect(tracks.json().pagination.data[0]).toMatchObject({ name: 'Liked two', is_liked: true });
    // A page past the end still tells how many there are.
    const past = (await client.get('/api/v1/users/me/liked-tracks?perPage=1&page=5')).json();
    expect(past.pagination).toMatchObject({ data: [], total: 2, last_page: 2, current_page: 5 });
    expect((await client.get('/api/v1/users/me/liked-albums')).json().pagination.total).toBe(1);
    expect(
      (await client.get('/api/v1/users/me/liked-artists')).json().pagination.data[0].name,
    ).toBe('Liker');
    expect((await client.get(`/api/v1/tracks/${a.trackId}`)).json().track.is_liked).toBe(true);

    await client.request('DELETE', '/api/v1/users/me/liked-items', {
      likeable_type: 'track',
      likeable_id: a.trackId,
    });
    expect((await client.get('/api/v1/users/me/liked-tracks')).json().pagination.total).toBe(1);
  });

  it("keeps a library's count exact through likes, unlikes and the catalogue's deletions", async () => {
    const { client } = await signIn();
    const other = await signIn();
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const tracks = [];
    for (const title of ['Kept', 'Dropped', 'Deleted'])
      tracks.push(await importTrack(t.app, t.config.dataDir, { title }));
    const like = (who: TestClient, id: number) =>
      who.post('/api/v1/users/me/liked-items', { likeable_type: 'track', likeable_id: id });
    const library = async () => {
      const page = (await client.get('/api/v1/users/me/liked-tracks?perPage=1')).json().pagination;
      return page.total as number;
    };

    for (const track of tracks) await like(client, track.trackId);
    await like(client, tracks[0]!.trackId);
    await like(other.client, tracks[0]!.trackId);
    await client.post('/api/v1/users/me/liked-items', {
      likeable_type: 'album',
      likeable_id: tracks[0]!.albumId,
    });
    expect(await library()).toBe(3);
    await client.request('DELETE', '/api/v1/users/me/liked-items', {
      likeable_type: 'track',
      likeable_id: tracks[1]!.trackId,
    });
    expect(await library()).toBe(2);
    expect((await admin.delete(`/api/v1/admin/tracks/${tracks[2]!.trackId}`)).statusCode).toBe(200);
    expect(await library()).toBe(1);
    const liked = (await client.get('/api/v1/users/me/liked-tracks')).json().pagination.data;
    expect(liked.map((track: { name: string }) => track.name)).toEqual(['Kept']);
    const theirs = (await other.client.get('/api/v1/users/me/liked-tracks')).json().pagination;
    expect(theirs.total).toBe(1);
    expect((await client.get('/api/v1/users/me/liked-albums')).json().pagination.total).toBe(1);
  });

  it("marks in any list the listener's own likes, and no one else's", async () => {
    const ids: number[] = [];
    let albumId = 0;
    for (const [index, title] of ['First', 'Second', 'Third', 'Fourth'].entries()) {
      const track = await importTrack(t.app, t.config.dataDir, {
        title,
        album: 'Half Liked',
        trackNumber: index + 1,
      });
      ids.push(track.trackId);
      albumId = track.albumId!;
    }
    const listener = await signIn();
    const other = await signIn();
    const like = (client: TestClient, id: number) =>
      client.post('/api/v1/users/me/liked-items', { likeable_type: 'track', likeable_id: id });
    await like(listener.client, ids[1]!);
    await like(listener.client, ids[3]!);
    await like(other.client, ids[0]!);

    const marks = async (client: TestClient) => {
      const tracks = (await client.get(`/api/v1/albums/${albumId}`)).json().album.tracks as {
        name: string;
        is_liked?: boolean;
      }[];
      return tracks.map((track) => `${track.name}: ${track.is_liked ?? 'unmarked'}`);
    };
    expect(await marks(listener.client)).toEqual([
      'First: false',
      'Second: true',
      'Third: false',
      'Fourth: true',
    ]);
    expect(await marks(other.client)).toEqual([
      'First: true',
      'Second: false',
      'Third: false',
      'Fourth: false',
    ]);
    expect(await marks(await new TestClient(t.app).visit())).toEqual([
      'First: unmarked',
      'Second: unmarked',
      'Third: unmarked',
      'Fourth: unmarked',
    ]);
  });

  it('refuses the library, the play queue and plays where music.view is revoked, as Subsonic does', async () => {
    const withheld = await importTrack(t.app, t.config.dataDir, { title: 'Withheld' });
    const { trackId } = withheld;
    const { client } = await signIn();
    const calls: [string, () => ReturnType<TestClient['get']>][] = [
      [
        'like',
        () =>
          client.post('/api/v1/users/me/liked-items', {
            likeable_type: 'track',
            likeable_id: trackId,
          }),
      ],
      ['liked tracks', () => client.get('/api/v1/users/me/liked-tracks')],
      ['liked albums', () => client.get('/api/v1/users/me/liked-albums')],
      ['liked artists', () => client.get('/api/v1/users/me/liked-artists')],
      [
        'follow',
        () =>
          client.post('/api/v1/users/me/follows', {
            followable_type: 'artist',
            followable_id: withheld.artistIds[0],
          }),
      ],
      ['followed artists', () => client.get('/api/v1/users/me/followed-artists')],
      [
        'save queue',
        () =>
          client.put('/api/v1/me/play-queue', {
            track_ids: [trackId],
            current: trackId,
            position_ms: 0,
          }),
      ],
      ['queue', () => client.get('/api/v1/me/play-queue')],
      [
        'play',
        () => client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 60_000, ended: true }),
      ],
      ['history', () => client.get('/api/v1/users/me/history')],
    ];
    for (const [name, call] of calls) expect((await call()).statusCode, name).toBe(200);
    await t.app.services.permissions.revoke('users', 'music.view');
    try {
      for (const [name, call] of calls) expect((await call()).statusCode, name).toBe(403);
    } finally {
      await t.app.services.permissions.grant('users', 'music.view');
    }
  });

  it('refuses likes of missing things and of private playlists of others', async () => {
    const owner = await signIn();
    const other = await signIn();
    const missing = await other.client.post('/api/v1/users/me/liked-items', {
      likeable_type: 'track',
      likeable_id: 99999999,
    });
    expect(missing.statusCode).toBe(404);
    const secret = (await owner.client.post('/api/v1/playlists', { name: 'Private' })).json()
      .playlist.id;
    const liked = await other.client.post('/api/v1/users/me/liked-items', {
      likeable_type: 'playlist',
      likeable_id: secret,
    });
    expect(liked.statusCode).toBe(404);
    const guest = await new TestClient(t.app).visit();
    expect(
      (await guest.post('/api/v1/users/me/liked-items', { likeable_type: 'track', likeable_id: 1 }))
        .statusCode,
    ).toBe(401);
  });

  it('follows artists and users, and the artist page counts followers', async () => {
    const track = await importTrack(t.app, t.config.dataDir, { artists: ['Followed Band'] });
    const artistId = track.artistIds[0]!;
    const fan = await signIn();
    const friend = await signIn();
    expect(
      (
        await fan.client.post('/api/v1/users/me/follows', {
          followable_type: 'artist',
          followable_id: artistId,
        })
      ).statusCode,
    ).toBe(200);
    await fan.client.post('/api/v1/users/me/follows', {
      followable_type: 'user',
      followable_id: friend.user.id,
    });
    const page = (await fan.client.get(`/api/v1/artists/${artistId}`)).json().artist;
    expect(page).toMatchObject({ followers_count: 1, is_followed: true });
    expect(
      (await fan.client.get('/api/v1/users/me/followed-artists')).json().pagination.total,
    ).toBe(1);
    expect(
      (await fan.client.get('/api/v1/users/me/followed-users')).json().pagination.data[0].id,
    ).toBe(friend.user.id);
    const self = await fan.client.post('/api/v1/users/me/follows', {
      followable_type: 'user',
      followable_id: fan.user.id,
    });
    expect(self.statusCode).toBe(422);

    await fan.client.request('DELETE', '/api/v1/users/me/follows', {
      followable_type: 'artist',
      followable_id: artistId,
    });
    expect(
      (await fan.client.get(`/api/v1/artists/${artistId}`)).json().artist.followers_count,
    ).toBe(0);
  });

  it('treats liking an artist as following it: one mark, one list, from either call', async () => {
    const { artistIds } = await importTrack(t.app, t.config.dataDir, {
      title: 'One mark',
      artists: ['Single Word'],
    });
    const artistId = artistIds[0]!;
    const { client } = await signIn();
    const artistPage = async () =>
      (await client.get(`/api/v1/artists/${artistId}`)).json().artist as Record<string, unknown>;
    const listed = async (path: string) =>
      (
        (await client.get(`/api/v1/users/me/${path}`)).json().pagination.data as { id: number }[]
      ).map((artist) => artist.id);

    // A like (the heart, or a music app's star) follows the artist.
    await client.post('/api/v1/users/me/liked-items', {
      likeable_type: 'artist',
      likeable_id: artistId,
    });
    expect(await artistPage()).toMatchObject({
      is_followed: true,
      is_liked: true,
      followers_count: 1,
    });
    expect(await listed('followed-artists')).toEqual([artistId]);
    expect(await listed('liked-artists')).toEqual([artistId]);

    // Unfollowing takes it out of both lists; following puts it back in both.
    await client.request('DELETE', '/api/v1/users/me/follows', {
      followable_type: 'artist',
      followable_id: artistId,
    });
    expect(await listed('liked-artists')).toEqual([]);
    expect(await artistPage()).toMatchObject({ is_followed: false, is_liked: false });
    await client.post('/api/v1/users/me/follows', {
      followable_type: 'artist',
      followable_id: artistId,
    });
    expect(await listed('liked-artists')).toEqual([artistId]);

    // Unliking unfollows.
    await client.request('DELETE', '/api/v1/users/me/liked-items', {
      likeable_type: 'artist',
      likeable_id: artistId,
    });
    expect(await listed('followed-artists')).toEqual([]);
    expect((await artistPage()).followers_count).toBe(0);
  });
});
