import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPng } from '../modules/music/music.fixtures.js';
import { signedInUser } from '../test/factories.js';
import { multipartFile } from '../test/multipart.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const noBoundary = { 'content-type': 'multipart/form-data' };

describe('multipart uploads', () => {
  it('answers 400 to a multipart body without a boundary, on avatars and playlist covers', async () => {
    const { user, client } = await signedInUser(t.app);
    const playlist = (await client.post('/api/v1/playlists', { name: 'Mine' })).json().playlist;
    for (const url of [
      `/api/v1/users/${user.id}/avatar`,
      `/api/v1/playlists/${playlist.id}/image`,
    ]) {
      const response = await client.request('POST', url, Buffer.from('not multipart at all'), {
        headers: noBoundary,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        message: 'The upload could not be read. Send it again as multipart/form-data.',
      });
    }
  });

  it('answers 400 to a body cut short', async () => {
    const { user, client } = await signedInUser(t.app);
    const form = multipartFile(await coverPng('#102030'), { type: 'image/png' });
    const cut = form.body.subarray(0, form.body.length - 20);
    const response = await client.request('POST', `/api/v1/users/${user.id}/avatar`, cut, {
      headers: form.headers,
    });
    expect(response.statusCode).toBe(400);
  });

  it("refuses another user's avatar or playlist before reading the body", async () => {
    const owner = await signedInUser(t.app);
    const playlist = (
      await owner.client.post('/api/v1/playlists', { name: 'Theirs', public: true })
    ).json().playlist;
    const { client } = await signedInUser(t.app);
    for (const headers of [noBoundary, multipartFile(Buffer.from('x')).headers]) {
      const avatar = await client.request(
        'POST',
        `/api/v1/users/${owner.user.id}/avatar`,
        Buffer.from('whatever'),
        { headers },
      );
      expect(avatar.statusCode).toBe(403);
      const cover = await client.request(
        'POST',
        `/api/v1/playlists/${playlist.id}/image`,
        Buffer.from('whatever'),
        { headers },
      );
      expect(cover.statusCode).toBe(403);
    }
  });
});
