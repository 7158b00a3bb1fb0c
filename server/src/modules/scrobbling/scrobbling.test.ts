import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startLastFmStandin, type LastFmStandin } from '../../test/lastfm-standin.js';
import {
  startListenBrainzStandin,
  type ListenBrainzStandin,
} from '../../test/listenbrainz-standin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { importTrack } from '../music/music.fixtures.js';

/*
 * Scrobbling against local servers speaking ListenBrainz's and Last.fm's APIs: what the
 * listener connects in account settings, and what those services receive when they listen.
 */

let t: TestApp;
let listenBrainz: ListenBrainzStandin;
let lastFm: LastFmStandin;
let trackId: number;
const RECORDING_MBID = 'a4cbd2b5-19ec-4e79-8a4a-4a1d1d4a54e3';
let tokens = 0;

beforeAll(async () => {
  [listenBrainz, lastFm] = await Promise.all([startListenBrainzStandin(), startLastFmStandin()]);
  t = await createTestApp({
    LISTENBRAINZ_API_URL: listenBrainz.url,
    LASTFM_API_KEY: lastFm.apiKey,
    LASTFM_API_SECRET: lastFm.apiSecret,
    LASTFM_API_URL: lastFm.apiUrl,
    LASTFM_AUTH_URL: lastFm.authUrl,
    SCROBBLE_RETRY_MS: '40',
  });
  ({ trackId } = await importTrack(t.app, t.config.dataDir, {
    title: 'Blue in Green',
    artists: ['Bill Evans'],
    album: 'Portrait in Jazz',
    durationMs: 330_000,
    musicbrainz: { trackId: RECORDING_MBID },
  }));
});
afterAll(async () => {
  await t?.close();
  await Promise.all([listenBrainz?.close(), lastFm?.close()]);
});

/** Resolves once `check` answers true, checking every 20 ms for up to 10 s. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not there within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the queues have nothing left to run. */
async function settled() {
  await until(async () => {
    const counts = await t.app.services.jobs.counts();
    return ['scrobbles', 'now-playing'].every((queue) => {
      const c = counts[queue];
      return !c || c.waiting + c.active + c.delayed === 0;
    });
  });
}

/** A listener with ListenBrainz connected by the token ListenBrainz gave them. */
async function listenBrainzListener() {
  const { user, client } = await signedInUser(t.app);
  const token = `lb-token-${++tokens}-${Date.now()}`;
  const name = `lb-user-${tokens}`;
  listenBrainz.addToken(token, name);
  const response = await client.put('/api/v1/me/scrobblers/listenbrainz', { token });
  expect(response.statusCode).toBe(200);
  return { user, client, token, name };
}

const receivedBy = (name: string) => listenBrainz.received.filter((l) => l.user === name);

describe('connecting ListenBrainz', () => {
  it('checks the token with ListenBrainz, keeps it sealed, and disconnects', async () => {
    const { client } = await signedInUser(t.app);
    const before = (await client.get('/api/v1/me/scrobblers')).json();
    expect(before.scrobblers).toEqual([
      {
        service: 'listenbrainz',
        available: true,
        connected: false,
        username: null,
        connected_at: null,
      },
      { service: 'lastfm', available: true, connected: false, username: null, connected_at: null },
    ]);

    const unknown = await client.put('/api/v1/me/scrobblers/listenbrainz', { token: 'guessed' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.token).toBeTruthy();

    listenBrainz.addToken('0b5c7d4e-real-token', 'rob');
    const connected = await client.put('/api/v1/me/scrobblers/listenbrainz', {
      token: '0b5c7d4e-real-token',
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json().scrobblers[0]).toMatchObject({
      service: 'listenbrainz',
      connected: true,
      username: 'rob',
    });
    const rows = await t.db.kysely.selectFrom('scrobblers').select('sealed_token').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.sealed_token).not.toContain('real-token');

    const gone = await client.delete('/api/v1/me/scrobblers/listenbrainz');
    expect(gone.json().scrobblers[0]).toMatchObject({ connected: false, username: null });
  });

  it('answers guests 401 and throttles token checks', async () => {
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/me/scrobblers')).statusCode).toBe(401);
    expect((await guest.put('/api/v1/me/scrobblers/listenbrainz', { token: 'x' })).statusCode).toBe(
      401,
    );

    const { client } = await signedInUser(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await client.put('/api/v1/me/scrobblers/listenbrainz', {
        token: `guess-${attempt}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
  });
});

describe('listens sent to ListenBrainz', () => {
  it('sends "playing now" at the start and one listen when the play counts', async () => {
    const { client, name } = await listenBrainzListener();
    await client.post(`/api/v1/tracks/${trackId}/now-playing`);
    const startedAt = Math.floor(Date.now() / 1000);
    await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 31_000 });
    // The player reports the same play again (a retry): it counts once, and is sent once.
    await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 60_000 });
    await until(() => receivedBy(name).length >= 2);
    await settled();
    const listens = receivedBy(name);
    expect(listens).toHaveLength(2);
    expect(listens[0]).toMatchObject({
      listenType: 'playing_now',
      artist: 'Bill Evans',
      track: 'Blue in Green',
      release: 'Portrait in Jazz',
      durationMs: 330_000,
      recordingMbid: RECORDING_MBID,
      listenedAt: null,
    });
    expect(listens[1]).toMatchObject({ listenType: 'single', track: 'Blue in Green' });
    // When the listen began: 31 s before it counted.
    expect(Math.abs(listens[1]!.listenedAt! - (startedAt - 31))).toBeLessThanOrEqual(2);
  });

  it('sends nothing for a listener who connected nothing', async () => {
    const { client } = await signedInUser(t.app);
    const before = listenBrainz.submissions();
    await client.post(`/api/v1/tracks/${trackId}/now-playing`);
    await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 40_000 });
    await settled();
    expect(listenBrainz.submissions()).toBe(before);
  });

  it('retries while ListenBrainz fails, and the listen arrives once', async () => {
    const { client, name } = await listenBrainzListener();
    const before = listenBrainz.submissions();
    listenBrainz.failNext(2);
    await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 45_000 });
    await until(() => receivedBy(name).length >= 1);
    await settled();
    expect(receivedBy(name)).toHaveLength(1);
    expect(listenBrainz.submissions() - before).toBe(3);
  });

  it('takes Subsonic scrobble calls: "playing now" and a submission', async () => {
    const { user, client, name } = await listenBrainzListener();
    const { password } = (await client.post('/api/v1/me/music-apps/password')).json();
    const subsonic = async (params: Record<string, string>) => {
      const query = new URLSearchParams({
        u: user.email,
        p: password,
        v: '1.16.1',
        c: 'Symfonium',
        f: 'json',
        id: String(trackId),
        ...params,
      });
      const answer = await t.app.inject({ url: `/rest/scrobble?${query}` });
      expect(answer.json()['subsonic-response'].status).toBe('ok');
    };
    await subsonic({ submission: 'false' });
    await subsonic({ submission: 'true' });
    await until(() => receivedBy(name).length >= 2);
    await settled();
    expect(receivedBy(name).map((l) => [l.listenType, l.track])).toEqual([
      ['playing_now', 'Blue in Green'],
      ['single', 'Blue in Green'],
    ]);
  });

  it('disconnects a token ListenBrainz no longer takes, tells the user, and stops', async () => {
    const { client, token } = await listenBrainzListener();
    listenBrainz.revokeToken(token);
    const before = listenBrainz.submissions();
    await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 40_000 });
    await until(async () => {
      const list = (await client.get('/api/v1/me/scrobblers')).json().scrobblers;
      return list[0].connected === false;
    });
    await settled();
    expect(listenBrainz.submissions() - before).toBe(1);
    const notifications = (await client.get('/api/v1/notifications')).json().pagination.data;
    expect(JSON.stringify(notifications[0].data)).toContain('ListenBrainz was disconnected');

    // Later plays go nowhere.
    await client.post(`/api/v1/tracks/${trackId}/now-playing`);
    await settled();
    expect(listenBrainz.submissions() - before).toBe(1);
  });
});

describe('Last.fm', () => {
  /** Goes through Last.fm's sign-in as a browser would, and comes back to account settings. */
  async function signIn(client: TestClient) {
    const { url } = (await client.get('/api/v1/me/scrobblers/lastfm/authorize')).json();
    expect(url.startsWith(lastFm.authUrl)).toBe(true);
    const page = await fetch(url, { redirect: 'manual' });
    const back = new URL(page.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${t.config.appUrl}/account-settings`);
    return { token: back.searchParams.get('token')!, state: back.searchParams.get('state')! };
  }

  it('connects through the web sign-in, then scrobbles with signed calls', async () => {
    const { client } = await signedInUser(t.app);
    lastFm.signInAs('rj');
    const { token, state } = await signIn(client);
    const connected = await client.put('/api/v1/me/scrobblers/lastfm', { token, state });
    expect(connected.statusCode).toBe(200);
    expect(connected.json().scrobblers[1]).toMatchObject({ connected: true, username: 'rj' });

    await client.post(`/api/v1/tracks/${trackId}/now-playing`);
    await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 30_000 });
    const mine = () => lastFm.received.filter((call) => call.user === 'rj');
    await until(() => mine().length >= 2);
    await settled();
    expect(mine().map((call) => call.method)).toEqual(['track.updateNowPlaying', 'track.scrobble']);
    expect(mine()[1]!.params).toMatchObject({
      artist: 'Bill Evans',
      track: 'Blue in Green',
      album: 'Portrait in Jazz',
      duration: '330',
      mbid: RECORDING_MBID,
      timestamp: expect.stringMatching(/^\d+$/),
    });
    expect(lastFm.badSignatures()).toBe(0);
  });

  it("refuses a sign-in's return with another user's or a forged state", async () => {
    const { client: starter } = await signedInUser(t.app);
    const { client: other } = await signedInUser(t.app);
    const { token, state } = await signIn(starter);
    const stolen = await other.put('/api/v1/me/scrobblers/lastfm', { token, state });
    expect(stolen.statusCode).toBe(422);
    const forged = await starter.put('/api/v1/me/scrobblers/lastfm', {
      token,
      state: `${Math.floor(Date.now() / 1000)}.forged`,
    });
    expect(forged.statusCode).toBe(422);
    const list = (await starter.get('/api/v1/me/scrobblers')).json().scrobblers;
    expect(list[1].connected).toBe(false);
  });

  it('retries a temporary error once per play, and disconnects a revoked session', async () => {
    const { client } = await signedInUser(t.app);
    lastFm.signInAs('kb');
    await client.put('/api/v1/me/scrobblers/lastfm', await signIn(client));
    lastFm.failNext(1);
    await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 40_000 });
    const scrobbles = () =>
      lastFm.received.filter((call) => call.user === 'kb' && call.method === 'track.scrobble');
    await until(() => scrobbles().length >= 1);
    await settled();
    expect(scrobbles()).toHaveLength(1);

    lastFm.revokeSessions('kb');
    await client.post(`/api/v1/tracks/${trackId}/now-playing`);
    await until(async () => {
      const list = (await client.get('/api/v1/me/scrobblers')).json().scrobblers;
      return list[1].connected === false;
    });
    const notifications = (await client.get('/api/v1/notifications')).json().pagination.data;
    expect(JSON.stringify(notifications[0].data)).toContain('Last.fm was disconnected');
  });
});
