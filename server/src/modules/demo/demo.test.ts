import fs from 'node:fs';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { DEMO_ARTISTS } from './demo-data.js';
import { DEMO_AUDIO, DEMO_AUDIO_DIR, seedDemoIfEmpty } from './demo.seed.js';

interface Item {
  id: number;
  name: string;
  model_type: string;
  duration_ms?: number;
  image?: string | null;
  tracks_count?: number;
}
interface Page {
  pagination: { data: Item[]; total: number };
}

function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesBelow(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

describe('demo catalogue', () => {
  let t: TestApp;
  let client: TestClient;
  let seconds: number;

  beforeAll(async () => {
    const started = performance.now();
    t = await createTestApp({ SEED_DEMO: 'true' });
    seconds = (performance.now() - started) / 1000;
    client = await new TestClient(t.app).visit();
  }, 240_000);
  afterAll(() => t?.close());

  it('creates the artists, their albums and about a hundred tracks', async () => {
    const expectedTracks = DEMO_ARTISTS.flatMap((a) => a.albums).reduce((n, a) => n + a.tracks, 0);
    const tracks = (await client.get('/api/v1/tracks/top?perPage=50')).json() as Page;
    expect(tracks.pagination.total).toBe(expectedTracks);
    expect(expectedTracks).toBeGreaterThanOrEqual(90);

    const artist = await t.app.services.catalogue.findArtistIdByName('Neon Harbor');
    const page = await client.get(`/api/v1/artists/${artist}`);
    expect(page.statusCode).toBe(200);
    const body = page.json().artist as {
      bio: string;
      image_small: string | null;
      albums: { data: Item[] };
    };
    expect(body.bio).toContain('synthesizers');
    expect(body.image_small).toBeTruthy();
    expect(body.albums.data.map((a) => a.name).sort()).toEqual([
      'Chrome Hearts Club',
      'Midnight Boulevard',
      'Signal Fire',
    ]);
    for (const album of body.albums.data) expect(album.image).toBeTruthy();

    const playlists = (await client.get('/api/v1/channel/featured-playlists')).json();
    const items = playlists.channel.content.data as Item[];
    expect(items.map((p) => p.name)).toEqual([
      'Focus Flow',
      'Weekend Energy',
      'Sunday Morning',
      'Late Night Drive',
    ]);
    const picks = (await client.get('/api/v1/channel/editors-picks')).json();
    expect(picks.channel.content.data).toHaveLength(DEMO_ARTISTS.length);
  });

  it('writes real MP3 files that decode to their catalogue durations, within the size budget', async () => {
    const files = filesBelow(path.join(t.config.dataDir, DEMO_AUDIO_DIR));
    const tracks = (await client.get('/api/v1/tracks/top?perPage=50')).json() as Page;
    expect(files).toHaveLength(tracks.pagination.total);

    let bytes = 0;
    for (const file of files) {
      bytes += fs.statSync(file).size;
      const { format } = await parseFile(file, { duration: true });
      expect(format.container).toBe('MPEG');
      expect(format.sampleRate).toBe(DEMO_AUDIO.sampleRate);
      expect(format.duration).toBeGreaterThanOrEqual(DEMO_AUDIO.minSeconds - 1);
      expect(format.duration).toBeLessThanOrEqual(DEMO_AUDIO.maxSeconds + 3);
    }
    expect(bytes).toBeLessThan(30 * 1024 * 1024);

    for (const track of tracks.pagination.data.slice(0, 10)) {
      const response = await client.get(`/api/v1/tracks/${track.id}/stream`);
      expect(response.statusCode).toBeLessThan(300);
      const { format } = await (
        await import('music-metadata')
      ).parseBuffer(response.rawPayload, { mimeType: 'audio/mpeg' }, { duration: true });
      expect(Math.abs(format.duration! * 1000 - track.duration_ms!)).toBeLessThan(1000);
    }
    console.warn(
      `demo seed: ${files.length} tracks, ${(bytes / 1e6).toFixed(1)} MB, app ready in ${seconds.toFixed(1)} s`,
    );
  });

  it('does not seed again once the catalogue has tracks', async () => {
    const result = await seedDemoIfEmpty({
      catalogue: t.app.services.catalogue,
      dataDir: t.config.dataDir,
      ownerId: 1,
      log: () => {},
    });
    expect(result).toBeNull();
  });
});
