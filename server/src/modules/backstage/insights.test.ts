import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { importTrack } from '../music/music.fixtures.js';
import { labelWithMember } from './backstage.testing.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Listen {
  track: number;
  at: string;
  user?: number;
  session?: string;
  country: string;
  city: string;
  device: string;
  browser: string;
  platform: string;
}

const desktopInSaoPaulo = {
  country: 'BR',
  city: 'São Paulo',
  device: 'desktop',
  browser: 'Chrome',
  platform: 'Windows',
};

/**
 * One artist with an album of two tracks and a single, another artist, and plays, likes,
 * playlist adds and follows around 1 to 3 March 2026, each counted by hand in the tests.
 */
async function fixture() {
  const manager = await signedInUser(t.app);
  const listeners = await Promise.all([1, 2, 3, 4].map(() => signedInUser(t.app)));
  const [u1, u2, u3, u4] = listeners.map((listener) => listener.user.id) as [
    number,
    number,
    number,
    number,
  ];
  const stamp = Date.now();
  const artist = `Figuras ${stamp}`;
  const t1 = await importTrack(t.app, t.config.dataDir, {
    title: 'Um',
    artists: [artist],
    album: `Contas ${stamp}`,
  });
  const t2 = await importTrack(t.app, t.config.dataDir, {
    title: 'Dois',
    artists: [artist],
    album: `Contas ${stamp}`,
    trackNumber: 2,
  });
  const t3 = await importTrack(t.app, t.config.dataDir, {
    title: 'Três',
    artists: [artist],
    album: `Avulso ${stamp}`,
  });
  const other = await importTrack(t.app, t.config.dataDir, {
    title: 'Outro',
    artists: [`Outra ${stamp}`],
    album: `Outro ${stamp}`,
  });
  const artistId = t1.artistIds[0]!;
  await t.db.kysely
    .insertInto('artist_managers')
    .values({
      artist_id: artistId,
      user_id: manager.user.id,
      workspace_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();

  const listens: Listen[] = [
    { track: t1.trackId, at: '2026-03-01T10:00:00.000Z', user: u1, ...desktopInSaoPaulo },
    { track: t1.trackId, at: '2026-03-02T10:00:00.000Z', user: u1, ...desktopInSaoPaulo },
    {
      track: t1.trackId,
      at: '2026-03-02T11:00:00.000Z',
      session: 'guest-one',
      country: 'US',
      city: 'New York',
      device: 'mobile',
      browser: 'Safari',
      platform: 'iOS',
    },
    {
      track: t2.trackId,
      at: '2026-03-02T12:00:00.000Z',
      user: u2,
      country: 'BR',
      city: 'Recife',
      device: 'desktop',
      browser: 'Firefox',
      platform: 'Linux',
    },
    { track: t3.trackId, at: '2026-03-03T09:00:00.000Z', user: u1, ...desktopInSaoPaulo },
    {
      track: t3.trackId,
      at: '2026-03-03T23:59:59.000Z',
      session: 'guest-two',
      country: 'PT',
      city: 'Lisbon',
      device: 'tablet',
      browser: 'Safari',
      platform: 'iPadOS',
    },
    // Outside the range, on either side, and another artist's: none of these count.
    { track: t1.trackId, at: '2026-02-28T23:59:59.000Z', user: u3, ...desktopInSaoPaulo },
    { track: t1.trackId, at: '2026-03-04T00:00:00.000Z', user: u3, ...desktopInSaoPaulo },
    { track: other.trackId, at: '2026-03-02T10:00:00.000Z', user: u4, ...desktopInSaoPaulo },
  ];
  await t.db.kysely
    .insertInto('plays')
    .values(
      listens.map((listen) => ({
        track_id: listen.track,
        user_id: listen.user ?? null,
        session_id: listen.session ?? `session-of-${listen.user}`,
        played_ms: 60_000,
        device: listen.device,
        browser: listen.browser,
        platform: listen.platform,
        country: listen.country,
        city: listen.city,
        created_at: listen.at,
      })),
    )
    .execute();

  const inRange = '2026-03-02T08:00:00.000Z';
  const before = '2026-02-20T08:00:00.000Z';
  await t.db.kysely
    .insertInto('likes')
    .values([
      { user_id: u1, likeable_type: 'track', likeable_id: t1.trackId, created_at: inRange },
      { user_id: u2, likeable_type: 'album', likeable_id: t1.albumId!, created_at: inRange },
      { user_id: u3, likeable_type: 'artist', likeable_id: artistId, created_at: inRange },
      { user_id: u4, likeable_type: 'track', likeable_id: t2.trackId, created_at: before },
      { user_id: u4, likeable_type: 'track', likeable_id: other.trackId, created_at: inRange },
    ])
    .execute();
  const playlist = (await listeners[0]!.client.post('/api/v1/playlists', { name: 'Mix' })).json()
    .playlist as { id: number };
  await t.db.kysely
    .insertInto('playlist_tracks')
    .values([
      { playlist_id: playlist.id, track_id: t1.trackId, position: 1, created_at: inRange },
      { playlist_id: playlist.id, track_id: t3.trackId, position: 2, created_at: inRange },
      { playlist_id: playlist.id, track_id: t2.trackId, position: 3, created_at: before },
    ])
    .execute();
  await t.db.kysely
    .insertInto('follows')
    .values([
      { user_id: u1, followable_type: 'artist', followable_id: artistId, created_at: inRange },
      { user_id: u2, followable_type: 'artist', followable_id: artistId, created_at: inRange },
      { user_id: u3, followable_type: 'artist', followable_id: artistId, created_at: before },
    ])
    .execute();
  return { manager, artistId, albumId: t1.albumId!, t1, t2, t3 };
}

const insightsOf = (client: TestClient, scope: string, id: number, range = '') =>
  client.get(`/api/v1/backstage/insights?scope=${scope}&id=${id}${range}`);

const MARCH = '&from=2026-03-01&to=2026-03-03';

describe('insights', () => {
  it("adds up an artist's plays, listeners, saves, playlist adds and followers by hand", async () => {
    const { manager, artistId, t1, t2, t3 } = await fixture();
    const response = await insightsOf(manager.client, 'artist', artistId, MARCH);
    expect(response.statusCode, response.body).toBe(200);
    const { insights } = response.json();
    expect(insights).toMatchObject({
      scope: 'artist',
      from: '2026-03-01',
      to: '2026-03-03',
      totals: { plays: 6, listeners: 4, saves: 2, playlist_adds: 2, followers_gained: 2 },
      plays_by_day: [
        { date: '2026-03-01', plays: 1 },
        { date: '2026-03-02', plays: 3 },
        { date: '2026-03-03', plays: 2 },
      ],
      top_tracks: [
        { id: t1.trackId, name: 'Um', plays: 3, listeners: 2 },
        { id: t3.trackId, name: 'Três', plays: 2, listeners: 2 },
        { id: t2.trackId, name: 'Dois', plays: 1, listeners: 1 },
      ],
      countries: [
        { name: 'BR', count: 4 },
        { name: 'PT', count: 1 },
        { name: 'US', count: 1 },
      ],
      cities: [
        { name: 'São Paulo', count: 3 },
        { name: 'Lisbon', count: 1 },
        { name: 'New York', count: 1 },
        { name: 'Recife', count: 1 },
      ],
      devices: [
        { name: 'desktop', count: 4 },
        { name: 'mobile', count: 1 },
        { name: 'tablet', count: 1 },
      ],
      browsers: [
        { name: 'Chrome', count: 3 },
        { name: 'Safari', count: 2 },
        { name: 'Firefox', count: 1 },
      ],
      platforms: [
        { name: 'Windows', count: 3 },
        { name: 'Linux', count: 1 },
        { name: 'iOS', count: 1 },
        { name: 'iPadOS', count: 1 },
      ],
    });
  });

  it('narrows to an album and to one track, and fills days without plays', async () => {
    const { manager, albumId, t1, t3 } = await fixture();
    const album = (await insightsOf(manager.client, 'album', albumId, MARCH)).json().insights;
    expect(album.totals).toEqual({
      plays: 4,
      listeners: 3,
      saves: 2,
      playlist_adds: 1,
      followers_gained: null,
    });
    const track = (await insightsOf(manager.client, 'track', t3.trackId, MARCH)).json().insights;
    expect(track).toMatchObject({
      name: 'Três',
      totals: { plays: 2, listeners: 2, saves: 0, playlist_adds: 1 },
      plays_by_day: [
        { date: '2026-03-01', plays: 0 },
        { date: '2026-03-02', plays: 0 },
        { date: '2026-03-03', plays: 2 },
      ],
      top_tracks: [],
    });
    const wider = await insightsOf(
      manager.client,
      'track',
      t1.trackId,
      '&from=2026-02-28&to=2026-03-04',
    );
    expect(wider.json().insights.totals.plays).toBe(5);
    expect(wider.json().insights.plays_by_day).toHaveLength(5);
  });

  it('shows the last 28 days by default and refuses a range backwards or over a year', async () => {
    const { manager, artistId } = await fixture();
    const recent = (await insightsOf(manager.client, 'artist', artistId)).json().insights;
    expect(recent.plays_by_day).toHaveLength(28);
    expect(recent.to).toBe(new Date().toISOString().slice(0, 10));
    const backwards = await insightsOf(
      manager.client,
      'artist',
      artistId,
      '&from=2026-03-03&to=2026-03-01',
    );
    expect(backwards.statusCode).toBe(422);
    const long = await insightsOf(
      manager.client,
      'artist',
      artistId,
      '&from=2024-01-01&to=2026-03-01',
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toMatch(/at most a year/);
  });

  it('keeps figures for a few seconds, then counts new plays', async () => {
    const { manager, t3 } = await fixture();
    const plays = async () =>
      (await insightsOf(manager.client, 'track', t3.trackId, MARCH)).json().insights.totals.plays;
    expect(await plays()).toBe(2);
    await t.db.kysely
      .insertInto('plays')
      .values({
        track_id: t3.trackId,
        user_id: null,
        session_id: 'guest-three',
        played_ms: 60_000,
        device: 'desktop',
        browser: 'Chrome',
        platform: 'Linux',
        country: 'BR',
        created_at: '2026-03-02T10:00:00.000Z',
      })
      .execute();
    expect(await plays()).toBe(2);
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 16_000);
    try {
      expect(await plays()).toBe(3);
    } finally {
      later.mockRestore();
    }
  });

  it("shows nothing of others' music, and lets a label's members look", async () => {
    const { artistId, albumId, t1 } = await fixture();
    const stranger = await signedInUser(t.app);
    for (const [scope, id] of [
      ['artist', artistId],
      ['album', albumId],
      ['track', t1.trackId],
    ] as const) {
      expect((await insightsOf(stranger.client, scope, id, MARCH)).statusCode).toBe(404);
    }
    expect((await insightsOf(stranger.client, 'track', 999_999)).statusCode).toBe(404);

    const { member, workspace } = await labelWithMember(t, 'Selo Números');
    await t.db.kysely
      .updateTable('artist_managers')
      .set({ user_id: null, workspace_id: workspace.id })
      .where('artist_id', '=', artistId)
      .execute();
    const seen = await insightsOf(member.client, 'artist', artistId, MARCH);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().insights.totals.plays).toBe(6);
  });
});
