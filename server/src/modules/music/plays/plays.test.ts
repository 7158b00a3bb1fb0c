import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { importTrack } from '../music.fixtures.js';

describe('play logging', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const plays = async (trackId: number) =>
    (await new TestClient(t.app).get(`/api/v1/tracks/${trackId}`)).json().track.plays as number;

  it('logs a play only after 30 seconds or at the end, once per session and track', async () => {
    const { trackId } = await importTrack(t.app, t.config.dataDir);
    const client = await new TestClient(t.app).visit();
    const early = await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 29_000 });
    expect(early.json()).toEqual({ logged: false });
    expect(await plays(trackId)).toBe(0);

    const counted = await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 30_000 });
    expect(counted.json()).toEqual({ logged: true });
    expect(await plays(trackId)).toBe(1);

    const again = await client.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 60_000 });
    expect(again.json()).toEqual({ logged: false });
    expect(await plays(trackId)).toBe(1);

    // Another listener counts.
    const other = await new TestClient(t.app).visit();
    await other.post(`/api/v1/tracks/${trackId}/plays`, { played_ms: 31_000 });
    expect(await plays(trackId)).toBe(2);
  });

  it('counts a short track that played to its end', async () => {
    const { trackId } = await importTrack(t.app, t.config.dataDir);
    const client = await new TestClient(t.app).visit();
    const ended = await client.post(`/api/v1/tracks/${trackId}/plays`, {
      played_ms: 5_000,
      ended: true,
    });
    expect(ended.json()).toEqual({ logged: true });
    const row = await t.db.kysely
      .selectFrom('plays')
      .selectAll()
      .where('track_id', '=', trackId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, device: 'desktop', session_id: expect.any(String) });
  });

  it("keeps a signed-in user's history, latest first", async () => {
    const a = await importTrack(t.app, t.config.dataDir, { title: 'Heard first' });
    const b = await importTrack(t.app, t.config.dataDir, { title: 'Heard last' });
    const user = await createUser(t.app);
    const client = new TestClient(t.app);
    await client.login(user.email, user.plainPassword);
    const mobile = {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    };
    await client.post(
      `/api/v1/tracks/${a.trackId}/plays`,
      { played_ms: 40_000 },
      { headers: mobile },
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await client.post(`/api/v1/tracks/${b.trackId}/plays`, { played_ms: 40_000 });
    const history = (await client.get('/api/v1/users/me/history')).json().pagination;
    expect(history.data.map((t: { name: string }) => t.name)).toEqual([
      'Heard last',
      'Heard first',
    ]);
    expect(history.data[0].played_at).toEqual(expect.any(String));
    const row = await t.db.kysely
      .selectFrom('plays')
      .select(['device', 'user_id'])
      .where('track_id', '=', a.trackId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ device: 'mobile', user_id: user.id });

    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/users/me/history')).statusCode).toBe(401);
  });
});
