import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { TRENDING_KEPT_MS } from './catalogue.trending.js';
import { coverPng, importTrack } from '../music.fixtures.js';

describe('landing page trending artists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const DAY_MS = 24 * 3600 * 1000;
  /** A track of one artist on one album. */
  const trackBy = (artist: string, album: string) =>
    importTrack(t.app, t.config.dataDir, { artists: [artist], album });
  /** Plays of a track at a past moment, written as an import of past plays would. */
  const pastPlays = (trackId: number, count: number, at: number) =>
    t.db.kysely
      .insertInto('plays')
      .values(
        Array.from({ length: count }, (_, i) => ({
          track_id: trackId,
          user_id: null,
          session_id: `past-session-${trackId}-${i}`,
          played_ms: 60_000,
          device: 'desktop',
          country: null,
          created_at: new Date(at).toISOString(),
        })),
      )
      .execute();

  it('falls back to the newest artists when nothing was played, with their first album', async () => {
    const client = await new TestClient(t.app).visit();
    expect((await client.get('/api/v1/landing/artists')).json()).toEqual({ artists: [] });

    await importTrack(t.app, t.config.dataDir, {
      artists: ['Early Bird'],
      album: 'Debut',
      year: 2001,
      coverImage: { data: await coverPng('#ff0000'), mime: 'image/png' },
    });
    await importTrack(t.app, t.config.dataDir, {
      artists: ['Early Bird'],
      album: 'Later',
      year: 2010,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await trackBy('Latecomer', 'First Try');

    const { artists } = (await client.get('/api/v1/landing/artists')).json();
    expect(artists.map((a: { name: string }) => a.name)).toEqual(['Latecomer', 'Early Bird']);
    expect(artists[1]).toMatchObject({
      verified: false,
      image_small: null,
      albums: [{ name: 'Debut', image: expect.stringMatching(/\.webp$/) }],
    });
  });

  it('puts the artists played most in the last 14 days first, and shows at most 30', async () => {
    const hit = await trackBy('Chart Topper', 'Hits');
    const old = await trackBy('Yesterday Star', 'Gold');
    for (let i = 0; i < 30; i++) await trackBy(`Filler ${i}`, `Filler ${i}`);

    // Plenty of plays, but three weeks ago: not trending.
    await pastPlays(old.trackId, 5, Date.now() - 21 * DAY_MS);
    const listener = await new TestClient(t.app).visit();
    await listener.post(`/api/v1/tracks/${hit.trackId}/plays`, { played_ms: 45_000 });

    // The ranking is worked out again a minute after the last time.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TRENDING_KEPT_MS + 1 });
    const { artists } = (await listener.get('/api/v1/landing/artists')).json();
    expect(artists).toHaveLength(30);
    expect(artists[0].name).toBe('Chart Topper');
    expect(artists[0].albums[0].name).toBe('Hits');

    // Within the minute, a play moves nothing; the artists' own pages are current at once.
    const yesterday = (await listener.get(`/api/v1/tracks/${old.trackId}`)).json().track;
    for (let i = 0; i < 3; i++) {
      const fan = await new TestClient(t.app).visit();
      await fan.post(`/api/v1/tracks/${old.trackId}/plays`, { played_ms: 45_000 });
    }
    expect((await listener.get('/api/v1/landing/artists')).json().artists[0].name).toBe(
      'Chart Topper',
    );
    vi.setSystemTime(Date.now() + TRENDING_KEPT_MS + 1);
    expect((await listener.get('/api/v1/landing/artists')).json().artists[0].name).toBe(
      yesterday.artists[0].name,
    );
  });

  it('drops the plays of a day that left the fortnight once the window moves on', async () => {
    const fading = await trackBy('Fading Star', 'Last Summer');
    const rising = await trackBy('Rising Star', 'Next Big Thing');
    const now = Date.now();
    // Six plays on the fortnight's first day, uncounted until the counts are worked out from the
    // plays.
    await pastPlays(fading.trackId, 6, now - 13 * DAY_MS);
    for (let i = 0; i < 5; i++) {
      const fan = await new TestClient(t.app).visit();
      await fan.post(`/api/v1/tracks/${rising.trackId}/plays`, { played_ms: 45_000 });
    }
    const names = async () =>
      (await (await new TestClient(t.app).visit()).get('/api/v1/landing/artists'))
        .json()
        .artists.slice(0, 2)
        .map((artist: { name: string }) => artist.name);

    // Counted from the plays when the window is first placed.
    const catalogue = t.app.services.music.catalogue;
    await catalogue.moveTrendingWindow(now);
    expect(await names()).toEqual(['Fading Star', 'Rising Star']);

    // A day later the first day has left the fortnight, and its plays with it: shown once the
    // landing page's minute has passed.
    await catalogue.moveTrendingWindow(now + DAY_MS);
    expect(await names()).toEqual(['Fading Star', 'Rising Star']);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TRENDING_KEPT_MS + 1 });
    expect((await names())[0]).toBe('Rising Star');
    expect(await names()).not.toContain('Fading Star');
  });
});
