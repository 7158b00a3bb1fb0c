import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';

describe('user profiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = async (names: { first_name?: string; last_name?: string } = {}) => {
    const user = await createUser(t.app);
    if (names.first_name || names.last_name) await t.app.services.users.update(user.id, names);
    const client = new TestClient(t.app);
    await client.login(user.email, user.plainPassword);
    return { user, client };
  };
  const follow = (client: TestClient, id: number) =>
    client.post('/api/v1/users/me/follows', { followable_type: 'user', followable_id: id });
  const unfollow = (client: TestClient, id: number) =>
    client.request('DELETE', '/api/v1/users/me/follows', {
      followable_type: 'user',
      followable_id: id,
    });

  it('shows public fields only, to guests too, and 404 for an unknown user', async () => {
    const ada = await signIn({ first_name: 'Ada', last_name: 'Lovelace' });
    await t.app.services.users.update(ada.user.id, { phone: '+55 11 99999-0000' });
    const guest = await new TestClient(t.app).visit();
    const response = await guest.get(`/api/v1/users/${ada.user.id}/profile`);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual({
      id: ada.user.id,
      name: 'Ada Lovelace',
      display_name: 'Ada Lovelace',
      avatar: null,
      model_type: 'user',
      followers_count: 0,
      following_count: 0,
      is_followed: false,
    });
    expect(response.body).not.toContain(ada.user.email);
    expect(response.body).not.toContain('99999');

    // Without a name, the profile never falls back to a part of the e-mail address.
    const nameless = await signIn();
    const local = nameless.user.email.split('@')[0]!;
    const unnamed = await guest.get(`/api/v1/users/${nameless.user.id}/profile`);
    expect(unnamed.json().user.display_name).toBe(`User ${nameless.user.id}`);
    expect(unnamed.body).not.toContain(local);

    for (const path of ['profile', 'playlists', 'followers', 'following']) {
      const missing = await guest.get(`/api/v1/users/99999999/${path}`);
      expect(missing.statusCode).toBe(404);
    }
  });

  it('hides private playlists from others and shows them to the owner', async () => {
    const owner = await signIn({ first_name: 'Owner' });
    const other = await signIn();
    await owner.client.post('/api/v1/playlists', { name: 'Open road', public: true });
    await owner.client.post('/api/v1/playlists', { name: 'Secret diary', public: false });
    // Playlists the owner merely follows are not theirs and stay off their profile.
    const foreign = (
      await other.client.post('/api/v1/playlists', { name: 'Borrowed', public: true })
    ).json().playlist.id;
    await owner.client.post(`/api/v1/playlists/${foreign}/follow`);

    const names = (body: { pagination: { data: { name: string }[] } }) =>
      body.pagination.data.map((p) => p.name).sort();
    const url = `/api/v1/users/${owner.user.id}/playlists`;

    const seenByOther = await other.client.get(url);
    expect(names(seenByOther.json())).toEqual(['Open road']);
    expect(seenByOther.json().pagination.total).toBe(1);
    expect(seenByOther.body).not.toContain('Secret diary');

    const guest = await new TestClient(t.app).visit();
    expect(names((await guest.get(url)).json())).toEqual(['Open road']);

    const seenByOwner = await owner.client.get(url);
    expect(names(seenByOwner.json())).toEqual(['Open road', 'Secret diary']);
    expect(seenByOwner.json().pagination.total).toBe(2);
  });

  it('lists followers and following, counts them, and follows the viewer state', async () => {
    const star = await signIn({ first_name: 'Star' });
    const fans = [await signIn({ first_name: 'Fan A' }), await signIn({ first_name: 'Fan B' })];
    for (const fan of fans) expect((await follow(fan.client, star.user.id)).statusCode).toBe(200);
    await follow(star.client, fans[0]!.user.id);

    const profile = await fans[1]!.client.get(`/api/v1/users/${star.user.id}/profile`);
    expect(profile.json().user).toMatchObject({
      followers_count: 2,
      following_count: 1,
      is_followed: true,
    });
    const followers = await fans[1]!.client.get(`/api/v1/users/${star.user.id}/followers`);
    expect(followers.json().pagination.data.map((u: { name: string }) => u.name)).toEqual([
      'Fan B',
      'Fan A',
    ]);
    expect(followers.body).not.toContain(fans[0]!.user.email);
    const following = await fans[1]!.client.get(`/api/v1/users/${star.user.id}/following`);
    expect(following.json().pagination.data).toEqual([
      expect.objectContaining({ id: fans[0]!.user.id, name: 'Fan A', model_type: 'user' }),
    ]);

    await unfollow(fans[1]!.client, star.user.id);
    const after = await fans[1]!.client.get(`/api/v1/users/${star.user.id}/profile`);
    expect(after.json().user).toMatchObject({ followers_count: 1, is_followed: false });
    const left = await fans[1]!.client.get(`/api/v1/users/${star.user.id}/followers`);
    expect(left.json().pagination.data.map((u: { id: number }) => u.id)).toEqual([
      fans[0]!.user.id,
    ]);
    const fanProfile = await star.client.get(`/api/v1/users/${fans[0]!.user.id}/profile`);
    expect(fanProfile.json().user).toMatchObject({ followers_count: 1, is_followed: true });
  });

  it('pages followers in the list shape of the API', async () => {
    const star = await signIn({ first_name: 'Popular' });
    const fans = [];
    for (let i = 0; i < 3; i++) fans.push(await signIn({ first_name: `Fan ${i}` }));
    for (const fan of fans) await follow(fan.client, star.user.id);
    const guest = await new TestClient(t.app).visit();
    const first = await guest.get(`/api/v1/users/${star.user.id}/followers?perPage=2`);
    expect(first.json().pagination).toMatchObject({
      current_page: 1,
      per_page: 2,
      total: 3,
      last_page: 2,
    });
    expect(first.json().pagination.data).toHaveLength(2);
    const second = await guest.get(`/api/v1/users/${star.user.id}/followers?perPage=2&page=2`);
    expect(second.json().pagination).toMatchObject({ current_page: 2, total: 3 });
    expect(second.json().pagination.data.map((u: { name: string }) => u.name)).toEqual(['Fan 0']);
  });
});
