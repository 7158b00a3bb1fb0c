import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('music API reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents the music endpoints, nested channels included', async () => {
    await t.app.ready();
    const document = t.app.swagger() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/v1/artists/{id}',
      '/api/v1/albums/{id}',
      '/api/v1/channel/{slugOrId}',
      '/api/v1/search',
      '/api/v1/tracks/{id}/stream',
      '/api/v1/playlists/{id}/tracks',
      '/api/v1/landing/artists',
      '/api/v1/me/devices',
      '/api/v1/me/devices/{id}/commands',
    ])
      expect(document.paths, path).toHaveProperty([path]);
  });
});
