import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  type TestApp,
} from '../../../test/test-app.js';
import { createUser } from '../../../test/factories.js';
import { TestClient } from '../../../test/test-client.js';
import { importTrack } from '../music.fixtures.js';

describe('channels', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await importTrack(t.app, t.config.dataDir, {
      title: 'Old hit',
      album: 'Old Album',
      year: 1999,
      genres: ['Jazz'],
      artists: ['Old Timer'],
    });
    await importTrack(t.app, t.config.dataDir, {
      title: 'New hit',
      album: 'New Album',
      year: 2024,
      genres: ['Rock'],
      artists: ['Newcomer'],
    });
  });
  afterAll(() => t.close());

  it('resolves the discover channel with its nested channels', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.get('/api/v1/channel/discover');
    expect(response.statusCode).toBe(200);
    const channel = response.json().channel;
    expect(channel.slug).toBe('discover');
    const nested = channel.content.data as {
      slug: string;
      content: { data: { name: string }[]; total: number };
    }[];
    expect(nested.map((c) => c.slug)).toEqual([
      'new-releases',
      'popular-albums',
      'top-tracks',
      'genres',
      'trending-artists',
    ]);
    const newReleases = nested.find((c) => c.slug === 'new-releases')!;
    expect(newReleases.content.data.map((a) => a.name)).toEqual(['New Album', 'Old Album']);
    expect(nested.find((c) => c.slug === 'genres')!.content.total).toBe(2);
  });

  it('paginates a channel and resolves the genre page for a genre', async () => {
    const client = await new TestClient(t.app).visit();
    const page = await client.get('/api/v1/channel/new-releases?perPage=1&page=2');
    expect(page.json().channel.content).toMatchObject({ total: 2, current_page: 2, last_page: 2 });
    expect(page.json().channel.content.data[0].name).toBe('Old Album');

    const genre = await client.get('/api/v1/genres/jazz');
    expect(genre.statusCode).toBe(200);
    expect(genre.json().genre.display_name).toBe('Jazz');
    const [tracks, albums] = genre.json().channel.content.data;
    expect(tracks.content.data.map((t: { name: string }) => t.name)).toEqual(['Old hit']);
    expect(albums.content.data.map((a: { name: string }) => a.name)).toEqual(['Old Album']);
    expect((await client.get('/api/v1/genres/unknown-genre')).statusCode).toBe(404);
    expect((await client.get('/api/v1/channel/no-such-channel')).statusCode).toBe(404);
  });

  it('lets admins build a hand-picked channel; others may not', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const track = await importTrack(t.app, t.config.dataDir, { title: 'Picked', album: null });
    const created = await admin.post('/api/v1/channels', {
      name: 'Staff picks',
      slug: 'staff-picks',
      content_type: 'track',
      layout: 'list',
      items: [{ type: 'track', id: track.trackId }],
    });
    expect(created.statusCode).toBe(201);
    const client = await new TestClient(t.app).visit();
    const resolved = (await client.get('/api/v1/channel/staff-picks')).json().channel;
    expect(resolved.content.data.map((t: { name: string }) => t.name)).toEqual(['Picked']);
    expect((await client.get(`/api/v1/channel/${resolved.id}`)).statusCode).toBe(200);

    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    const refused = await member.post('/api/v1/channels', {
      name: 'Mine',
      slug: 'mine',
      content_type: 'track',
    });
    expect(refused.statusCode).toBe(403);
  });
});
