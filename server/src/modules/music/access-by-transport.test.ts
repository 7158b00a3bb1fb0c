import { PAGE_CALLS_ELEMENT_ID } from '@cadenza/contracts/page-calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { importTrack } from './music.fixtures.js';

/**
 * One rule, every transport: the JSON API, the Subsonic API and the pages the server draws with
 * their first answers inside ask the same services, so what one refuses the others refuse too.
 */

let t: TestApp;
let base: string;
let track: { trackId: number; albumId: number | null };
const TITLE = 'Transport Check';
const ALBUM = 'Every Door Alike';

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  track = await importTrack(t.app, t.config.dataDir, { title: TITLE, album: ALBUM });
});
afterAll(() => t.close());

/** A listener signed in on the web, with a key their music app signs in with. */
async function listener() {
  const { client, user } = await signedInUser(t.app);
  const key: string = (await client.post('/api/v1/access-tokens', { tokenName: 'App' })).json()
    .plainTextToken;
  return { client, user, key };
}

/** A Subsonic call's error code, or 'ok'; binary answers (audio) count as 'ok'. */
async function subsonic(key: string, method: string, params: Record<string, string> = {}) {
  const query = new URLSearchParams({ v: '1.16.1', c: 'test', f: 'json', apiKey: key, ...params });
  const response = await fetch(`${base}/rest/${method}?${query}`);
  if (!/json/.test(response.headers.get('content-type') ?? '')) return 'ok';
  const body = (await response.json()) as {
    'subsonic-response': { status: string; error?: { code: number } };
  };
  return body['subsonic-response'].error?.code ?? body['subsonic-response'].status;
}

/** The answers a server-drawn page holds for its first calls (none: undefined). */
async function pageAnswers(client: TestClient, url: string) {
  const page = await client.get(url);
  expect(page.statusCode).toBe(200);
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_CALLS_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(page.body);
  return { answers: match ? (JSON.parse(match[1]!) as object) : undefined, html: page.body };
}

/** Runs `check` with `permission` taken from every signed-in user, then gives it back. */
async function without(permission: string, check: () => Promise<void>) {
  await t.app.services.permissions.revoke('users', permission);
  try {
    await check();
  } finally {
    await t.app.services.permissions.grant('users', permission);
  }
}

describe('the catalogue without music.view', () => {
  it('is refused alike by the JSON API, Subsonic and the server-drawn page', async () => {
    const { client, key } = await listener();
    const album = String(track.albumId);
    // Allowed first, so each refusal below is the permission's doing.
    expect((await client.get(`/api/v1/albums/${album}`)).statusCode).toBe(200);
    expect(await subsonic(key, 'getAlbum', { id: album })).toBe('ok');
    expect((await pageAnswers(client, `/album/${album}`)).answers).toBeDefined();

    await without('music.view', async () => {
      expect((await client.get(`/api/v1/albums/${album}`)).statusCode).toBe(403);
      expect((await client.get(`/api/v1/tracks/${track.trackId}/stream`)).statusCode).toBe(403);
      expect(await subsonic(key, 'getAlbum', { id: album })).toBe(50);
      expect(await subsonic(key, 'stream', { id: String(track.trackId) })).toBe(50);
      const page = await pageAnswers(client, `/album/${album}`);
      expect(page.answers).toBeUndefined();
      expect(page.html).not.toContain(ALBUM);
    });
  });
});

describe('downloads without music.download', () => {
  it('are refused alike by the JSON API and Subsonic, while streaming goes on', async () => {
    const { client, key } = await listener();
    const id = String(track.trackId);
    await t.app.services.permissions.grant('users', 'music.download');
    try {
      expect((await client.get(`/api/v1/tracks/${id}/download`)).statusCode).toBe(200);
      expect(await subsonic(key, 'download', { id })).toBe('ok');
      await without('music.download', async () => {
        expect((await client.get(`/api/v1/tracks/${id}/download`)).statusCode).toBe(403);
        expect(await subsonic(key, 'download', { id })).toBe(50);
        expect(await subsonic(key, 'stream', { id })).toBe('ok');
      });
    } finally {
      await t.app.services.permissions.revoke('users', 'music.download');
    }
  });
});

describe("another listener's private playlist", () => {
  it('is kept from a stranger alike by the JSON API, Subsonic and the server-drawn page', async () => {
    const owner = await listener();
    const stranger = await listener();
    const created = await owner.client.post('/api/v1/playlists', {
      name: 'Diary Tapes',
      public: false,
    });
    const id = String(created.json().playlist.id);
    expect((await owner.client.get(`/api/v1/playlists/${id}`)).statusCode).toBe(200);
    expect(await subsonic(owner.key, 'getPlaylist', { id })).toBe('ok');

    expect([403, 404]).toContain((await stranger.client.get(`/api/v1/playlists/${id}`)).statusCode);
    expect(await subsonic(stranger.key, 'getPlaylist', { id })).toBe(70);
    expect(await subsonic(stranger.key, 'updatePlaylist', { playlistId: id, name: 'Mine' })).toBe(
      70,
    );
    const page = await pageAnswers(stranger.client, `/playlist/${id}`);
    expect(page.answers).toBeUndefined();
    expect(page.html).not.toContain('Diary Tapes');
    expect((await owner.client.get(`/api/v1/playlists/${id}`)).json().playlist.name).toBe(
      'Diary Tapes',
    );
  });
});
