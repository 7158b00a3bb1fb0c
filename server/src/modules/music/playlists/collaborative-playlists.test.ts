import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { TestClient } from '../../../test/test-client.js';
import { importTrack } from '../music.fixtures.js';

/*
 * A collaborative playlist: its followers add tracks and take back their own; its owner keeps
 * every other right. The JSON API and Subsonic's updatePlaylist obey the same rule.
 */
describe('collaborative playlists', () => {
  let t: TestApp;
  let songs: number[];
  const signIn = () => signedInUser(t.app);

  beforeAll(async () => {
    t = await createTestApp();
    songs = [];
    for (let i = 1; i <= 4; i++)
      songs.push((await importTrack(t.app, t.config.dataDir, { title: `Shared ${i}` })).trackId);
  });
  afterAll(() => t.close());

  const tracksOf = async (client: TestClient, id: number) =>
    (await client.get(`/api/v1/playlists/${id}/tracks`)).json().pagination.data as {
      id: number;
      added_by: { id: number; display_name: string } | null;
    }[];

  /** A public collaborative playlist with the owner's first song, and a follower. */
  async function party() {
    const owner = await signIn();
    const follower = await signIn();
    const id = (
      await owner.client.post('/api/v1/playlists', {
        name: 'Party',
        public: true,
        collaborative: true,
      })
    ).json().playlist.id as number;
    await owner.client.post(`/api/v1/playlists/${id}/tracks`, { trackIds: [songs[0]] });
    expect((await follower.client.post(`/api/v1/playlists/${id}/follow`)).statusCode).toBe(200);
    return { owner, follower, id };
  }

  it('lets a follower add tracks, shows who added each, and take back only their own', async () => {
    const { owner, follower, id } = await party();
    const seen = (await follower.client.get(`/api/v1/playlists/${id}`)).json().playlist;
    expect(seen).toMatchObject({
      collaborative: true,
      can_add_tracks: true,
      can_edit_tracks: false,
      can_edit: false,
    });

    const added = await follower.client.post(`/api/v1/playlists/${id}/tracks`, {
      trackIds: [songs[1], songs[2]],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().playlist.tracks_count).toBe(3);
    const tracks = await tracksOf(owner.client, id);
    expect(tracks.map((track) => [track.id, track.added_by?.id])).toEqual([
      [songs[0], owner.user.id],
      [songs[1], follower.user.id],
      [songs[2], follower.user.id],
    ]);
    expect(tracks[1]!.added_by!.display_name).toBeTruthy();

    // Their own goes; the owner's stays, and nothing of a mixed request is removed.
    const others = await follower.client.request('DELETE', `/api/v1/playlists/${id}/tracks`, {
      trackIds: [songs[0], songs[2]],
    });
    expect(others.statusCode).toBe(403);
    expect(others.json().message).toBe('You can only remove the tracks you added.');
    const own = await follower.client.request('DELETE', `/api/v1/playlists/${id}/tracks`, {
      trackIds: [songs[2]],
    });
    expect(own.statusCode).toBe(200);
    expect((await tracksOf(owner.client, id)).map((track) => track.id)).toEqual([
      songs[0],
      songs[1],
    ]);
  });

  it('leaves renaming, reordering, privacy and deleting to the owner, who removes anything', async () => {
    const { owner, follower, id } = await party();
    await follower.client.post(`/api/v1/playlists/${id}/tracks`, { trackIds: [songs[3]] });
    const put = (body: object) => follower.client.request('PUT', `/api/v1/playlists/${id}`, body);
    expect((await put({ name: 'Mine now' })).statusCode).toBe(403);
    expect((await put({ public: false })).statusCode).toBe(403);
    expect((await put({ collaborative: false })).statusCode).toBe(403);
    const order = await follower.client.post(`/api/v1/playlists/${id}/tracks/order`, {
      trackIds: [songs[3], songs[0]],
    });
    expect(order.statusCode).toBe(403);
    expect((await follower.client.request('DELETE', `/api/v1/playlists/${id}`)).statusCode).toBe(
      403,
    );

    const removed = await owner.client.request('DELETE', `/api/v1/playlists/${id}/tracks`, {
      trackIds: [songs[3]],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().playlist.tracks_count).toBe(1);
    const renamed = await owner.client.request('PUT', `/api/v1/playlists/${id}`, {
      name: 'Quiet party',
    });
    expect(renamed.json().playlist.name).toBe('Quiet party');
  });

  it('refuses those who do not follow it (403), and those who cannot see it (404)', async () => {
    const { owner, follower, id } = await party();
    const stranger = await signIn();
    const add = (client: TestClient) =>
      client.post(`/api/v1/playlists/${id}/tracks`, { trackIds: [songs[1]] });
    expect((await stranger.client.get(`/api/v1/playlists/${id}`)).json().playlist).toMatchObject({
      can_add_tracks: false,
    });
    expect((await add(stranger.client)).statusCode).toBe(403);

    // A follower who leaves is no longer a collaborator.
    await follower.client.post(`/api/v1/playlists/${id}/unfollow`);
    expect((await add(follower.client)).statusCode).toBe(403);
    await follower.client.post(`/api/v1/playlists/${id}/follow`);

    // Made private, it is gone for everyone but its owner, followers included.
    await owner.client.request('PUT', `/api/v1/playlists/${id}`, { public: false });
    expect((await add(follower.client)).statusCode).toBe(404);
    expect((await add(stranger.client)).statusCode).toBe(404);

    // Not collaborative, a follower only listens.
    await owner.client.request('PUT', `/api/v1/playlists/${id}`, {
      public: true,
      collaborative: false,
    });
    expect((await add(follower.client)).statusCode).toBe(403);
  });

  it('holds a Subsonic app to the same rule through updatePlaylist', async () => {
    const { owner, follower, id } = await party();
    const apiKey = (
      await follower.client.post('/api/v1/access-tokens', { tokenName: 'App' })
    ).json().plainTextToken as string;
    const rest = async (params: Record<string, string>) =>
      (
        await t.app.inject({
          url: `/rest/updatePlaylist?${new URLSearchParams({ v: '1.16.1', c: 'app', f: 'json', apiKey, playlistId: String(id), ...params })}`,
        })
      ).json()['subsonic-response'] as { status: string; error?: { code: number } };

    expect((await rest({ songIdToAdd: String(songs[1]) })).status).toBe('ok');
    expect((await tracksOf(owner.client, id)).map((track) => track.added_by?.id)).toEqual([
      owner.user.id,
      follower.user.id,
    ]);
    // Index 0 is the owner's song: refused; index 1 is the follower's own: removed.
    expect((await rest({ songIndexToRemove: '0' })).status).toBe('failed');
    expect((await rest({ name: 'Renamed' })).status).toBe('failed');
    expect((await rest({ songIndexToRemove: '1' })).status).toBe('ok');
    expect((await tracksOf(owner.client, id)).map((track) => track.id)).toEqual([songs[0]]);
    expect((await owner.client.get(`/api/v1/playlists/${id}`)).json().playlist.name).toBe('Party');
  });
});
