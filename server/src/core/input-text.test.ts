import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_TEXT_MESSAGE } from '@cadenza/contracts/text';
import { importTrack } from '../modules/music/music.fixtures.js';
import { signedInUser } from '../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// JSON as a client may send it, with escapes a JavaScript string literal would resolve.
const json = (text: string) => ({ payload: text, headers: { 'content-type': 'application/json' } });

describe('text people show to each other', () => {
  it('is stored without control and right-to-left-override characters', async () => {
    const { client } = await signedInUser(t.app);
    const created = await client.post('/api/v1/playlists', {
      name: 'Road\u0000 trip \u202Eexe.mp3',
      description: 'Line one\nline two\u2066',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().playlist).toMatchObject({
      name: 'Road trip exe.mp3',
      description: 'Line one\nline two',
    });
    const named = await client.request('PUT', '/api/v1/users/me', {
      first_name: '\u202EAda\u0007',
      last_name: 'Love\u0000lace',
    });
    expect(named.json().user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('refuses a lone surrogate anywhere in a request instead of storing it mangled', async () => {
    const { client } = await signedInUser(t.app);
    const xsrf = client.cookies.get('XSRF-TOKEN')!;
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      ...json('{"name":"Broken \\ud83c half"}'),
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie },
    });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({
      name: 'The text contains characters that are not valid.',
    });
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      payload: '{"name":"Fine","extra":{"deep":["\\udc00"]}}',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie },
    });
    expect(nested.statusCode).toBe(422);
    expect(Object.keys(nested.json().errors)).toEqual(['extra.deep.0']);
    const query = await client.get('/api/v1/search?query=%ED%A0%80');
    expect(query.statusCode).not.toBe(500);
    const stored = await t.db.kysely
      .selectFrom('playlists')
      .select('name')
      .where('name', 'like', 'Broken%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('finds nothing at a path with a NUL in it, on every route', async () => {
    // PostgreSQL refuses NUL in text; a route must not pass one to it as a name or slug.
    const client = await new TestClient(t.app).visit();
    for (const url of [
      '/api/v1/genres/rock%00',
      '/api/v1/custom-pages/%00',
      '/api/v1/users/%00/followers',
    ]) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toBe('Not found.');
    }
  });

  it('refuses a NUL in a query as invalid text, on every route', async () => {
    // PostgreSQL refuses NUL in text: an admin's filter or a search must not pass one to it.
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const url of ['/api/v1/admin/roles?query=%00', '/api/v1/search?query=blue%00note']) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors, url).toEqual({ query: INVALID_TEXT_MESSAGE });
    }
    expect((await admin.get('/api/v1/admin/roles?query=adm')).statusCode).toBe(200);
  });
});

describe('numbers', () => {
  it('refuses null, false, [], "" and strings as a played time, and logs nothing', async () => {
    const { trackId } = await importTrack(t.app, t.config.dataDir);
    const client = await new TestClient(t.app).visit();
    for (const played_ms of [null, false, [], '', '40000', 1.5, -1]) {
      const response = await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms });
      expect(response.statusCode, JSON.stringify(played_ms)).toBe(422);
      expect(response.json().errors).toHaveProperty('played_ms');
    }
    const track = (await client.get(`/api/v1/tracks/${trackId}`)).json().track;
    expect(track.plays).toBe(0);
  });

  it('reads page numbers from digits only', async () => {
    const client = await new TestClient(t.app).visit();
    for (const page of ['', ' ', '1e1', '0x2', '2.5', '-1', 'null']) {
      const response = await client.get(`/api/v1/genres?page=${encodeURIComponent(page)}`);
      expect(response.statusCode, page).toBe(422);
    }
    expect((await client.get('/api/v1/genres?page=2')).statusCode).toBe(200);
  });
});

describe('deeply nested data', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const tooDeep = {
    message: 'The data is nested more than 64 levels deep. Send it with fewer levels.',
    errors: { body: 'The data is nested more than 64 levels deep. Send it with fewer levels.' },
  };

  it('is refused with 422 on every JSON route, for guests and members alike', async () => {
    const guest = await new TestClient(t.app).visit();
    const payload = `{"email":${nested(5000)},"password":"secret"}`;
    const login = await guest.post('/auth/login', payload, {
      headers: { 'content-type': 'application/json' },
    });
    expect(login.statusCode).toBe(422);
    expect(login.json()).toEqual(tooDeep);

    const { client } = await signedInUser(t.app);
    const playlist = await client.post('/api/v1/playlists', `{"name":"Deep","x":${nested(64)}}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(playlist.statusCode).toBe(422);
    expect(playlist.json()).toEqual(tooDeep);
  });

  it('is accepted up to 64 levels, where the route decides', async () => {
    const { client } = await signedInUser(t.app);
    // The body is one level and `x` holds 63 more: 64 in all (one more is refused above).
    const created = await client.post(
      '/api/v1/playlists',
      `{"name":"Nested but fine","x":${nested(63)}}`,
      { headers: { 'content-type': 'application/json' } },
    );
    expect(created.statusCode).toBe(201);
  });
});
