import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { createUser, signedInUser } from '../../../test/factories.js';
import { deleteRedisKeys } from '../../../test/redis.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { listen, openStream } from '../../notifications/notifications.testing.js';
import { importTrack } from '../music.fixtures.js';

/*
 * Devices: each open web player reports its state; any of the listener's players lists them and
 * sends commands, which reach that player's event stream and nobody else's.
 */

let t: TestApp;
const tracks: number[] = [];
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const deviceId = () => `dev-${crypto.randomBytes(6).toString('hex')}`;

function report(
  client: TestClient,
  id: string,
  state: Partial<{
    track_ids: number[];
    index: number;
    is_playing: boolean;
    position_ms: number;
    volume: number;
  }> = {},
  userAgent = CHROME_LINUX,
) {
  return client.put(
    `/api/v1/me/devices/${id}`,
    { track_ids: [], index: 0, is_playing: false, position_ms: 0, volume: 1, ...state },
    { headers: { 'user-agent': userAgent } },
  );
}

/** A new listener with two players open: each device's event stream, already answering. */
async function twoPlayers() {
  const { client } = await signedInUser(t.app);
  const laptop = deviceId();
  const phone = deviceId();
  const laptopStream = await openStream(t.app, client, {}, `?device=${laptop}`);
  const phoneStream = await openStream(t.app, client, {}, `?device=${phone}`);
  await laptopStream.next((e) => e.event === 'unread');
  await phoneStream.next((e) => e.event === 'unread');
  return { client, laptop, phone, laptopStream, phoneStream };
}

beforeAll(async () => {
  t = await createTestApp();
  await listen(t.app);
  for (const title of ['First Light', 'Second Wind', 'Third Rail']) {
    tracks.push(
      (
        await importTrack(t.app, t.config.dataDir, {
          title,
          artists: ['Devices Band'],
          durationMs: 200_000,
        })
      ).trackId,
    );
  }
});
afterAll(() => t.close());

describe('devices', () => {
  it('lists the listener’s open players with what each plays, named by browser and system', async () => {
    const { client } = await signedInUser(t.app);
    expect((await client.get('/api/v1/me/devices')).json()).toEqual({ devices: [] });

    const laptop = deviceId();
    const phone = deviceId();
    expect(
      (
        await report(client, laptop, {
          track_ids: tracks,
          index: 1,
          is_playing: true,
          position_ms: 42_000,
          volume: 0.6,
        })
      ).statusCode,
    ).toBe(204);
    await report(client, phone, {}, SAFARI_IPHONE);

    const { devices } = (await client.get('/api/v1/me/devices')).json();
    expect(devices).toHaveLength(2);
    const byId = Object.fromEntries(devices.map((d: { id: string }) => [d.id, d]));
    expect(byId[laptop]).toMatchObject({
      name: 'Chrome on Linux',
      type: 'desktop',
      is_playing: true,
      volume: 0.6,
      track: { id: tracks[1], name: 'Second Wind', artists: [{ name: 'Devices Band' }] },
    });
    // Playing moves the position on from the report.
    expect(byId[laptop].position_ms).toBeGreaterThanOrEqual(42_000);
    expect(byId[laptop].position_ms).toBeLessThan(52_000);
    expect(byId[phone]).toMatchObject({
      name: 'Mobile Safari on iOS',
      type: 'mobile',
      is_playing: false,
      track: null,
    });

    // Another listener sees none of them.
    const other = await signedInUser(t.app);
    expect((await other.client.get('/api/v1/me/devices')).json()).toEqual({ devices: [] });
  });

  it('drops a player that went silent, and one whose stream closed', async () => {
    const { client } = await signedInUser(t.app);
    const silent = deviceId();
    const closing = deviceId();
    await report(client, silent);
    await t.db.kysely
      .updateTable('player_devices')
      .set({ seen_at: new Date(Date.now() - 60_000).toISOString() })
      .where('device_id', '=', silent)
      .execute();
    const stream = await openStream(t.app, client, {}, `?device=${closing}`);
    await stream.next((e) => e.event === 'unread');
    await report(client, closing);
    let ids = (await client.get('/api/v1/me/devices'))
      .json()
      .devices.map((d: { id: string }) => d.id);
    expect(ids).toEqual([closing]);
    expect(
      (await client.post(`/api/v1/me/devices/${silent}/commands`, { action: 'pause' })).statusCode,
    ).toBe(404);

    await stream.close();
    for (let i = 0; i < 100 && ids.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ids = (await client.get('/api/v1/me/devices')).json().devices;
    }
    expect(ids).toEqual([]);
  });

  it('sends a command to that player’s stream alone, and tells every player of changes', async () => {
    const { client, laptop, phone, laptopStream, phoneStream } = await twoPlayers();
    await report(client, laptop, { track_ids: tracks, is_playing: true });
    await report(client, phone);

    // The phone hears of the laptop's playing.
    const seen = await phoneStream.next(
      (e) =>
        e.event === 'player-devices' &&
        (e.data as { devices: { id: string; is_playing: boolean }[] }).devices.some(
          (d) => d.id === laptop && d.is_playing,
        ),
    );
    expect(seen).toBeTruthy();

    // Someone else, with a stream claiming the same device id, hears nothing of it.
    const stranger = await signedInUser(t.app);
    const strangerStream = await openStream(t.app, stranger.client, {}, `?device=${laptop}`);
    await strangerStream.next((e) => e.event === 'unread');

    const pause = await client.post(`/api/v1/me/devices/${laptop}/commands`, { action: 'pause' });
    expect(pause.statusCode).toBe(202);
    expect(pause.json().message).toBe('Sent to Chrome on Linux.');
    const volume = await client.post(`/api/v1/me/devices/${laptop}/commands`, {
      action: 'volume',
      value: 0.25,
    });
    expect(volume.statusCode).toBe(202);
    const seek = await client.post(`/api/v1/me/devices/${laptop}/commands`, {
      action: 'seek',
      value: 61.5,
    });
    expect(seek.statusCode).toBe(202);

    await laptopStream.next(
      (e) => e.event === 'player-command' && (e.data as { action: string }).action === 'seek',
    );
    const commands = laptopStream.events
      .filter((e) => e.event === 'player-command')
      .map((e) => e.data);
    expect(commands).toEqual([
      { action: 'pause' },
      { action: 'volume', value: 0.25 },
      { action: 'seek', value: 61.5 },
    ]);
    expect(phoneStream.events.filter((e) => e.event === 'player-command')).toEqual([]);
    expect(strangerStream.events.filter((e) => e.event.startsWith('player-'))).toEqual([]);

    // Another user's device, or one never seen, is not found.
    const theirs = await stranger.client.post(`/api/v1/me/devices/${laptop}/commands`, {
      action: 'play',
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('That device is not open any more, or it is not yours.');
    expect(
      (await client.post(`/api/v1/me/devices/${deviceId()}/commands`, { action: 'play' }))
        .statusCode,
    ).toBe(404);

    await Promise.all([laptopStream.close(), phoneStream.close(), strangerStream.close()]);
  });

  it('moves playback: the target takes the queue and position, the source pauses', async () => {
    const { client, laptop, phone, laptopStream, phoneStream } = await twoPlayers();
    await report(client, laptop, {
      track_ids: tracks,
      index: 2,
      is_playing: true,
      position_ms: 30_000,
      volume: 0.7,
    });

    // Nothing to move while only the target is open with nothing in it.
    const lonely = await signedInUser(t.app);
    const alone = deviceId();
    await report(lonely.client, alone);
    const nothing = await lonely.client.post(`/api/v1/me/devices/${alone}/commands`, {
      action: 'transfer',
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('Nothing is playing on your other devices to move here.');

    await report(client, phone);
    const moved = await client.post(`/api/v1/me/devices/${phone}/commands`, { action: 'transfer' });
    expect(moved.statusCode).toBe(202);
    const command = (await phoneStream.next((e) => e.event === 'player-command')).data as {
      action: string;
      playback: { tracks: { id: number }[]; index: number; position_ms: number; volume: number };
    };
    expect(command.action).toBe('transfer');
    expect(command.playback.tracks.map((track) => track.id)).toEqual(tracks);
    expect(command.playback.index).toBe(2);
    expect(command.playback.volume).toBe(0.7);
    expect(command.playback.position_ms).toBeGreaterThanOrEqual(30_000);
    expect(command.playback.position_ms).toBeLessThan(40_000);
    expect((await laptopStream.next((e) => e.event === 'player-command')).data).toEqual({
      action: 'pause',
    });
    await Promise.all([laptopStream.close(), phoneStream.close()]);
  });

  it('checks the command and the report', async () => {
    const { client } = await signedInUser(t.app);
    const id = deviceId();
    await report(client, id);
    const post = (body: unknown) => client.post(`/api/v1/me/devices/${id}/commands`, body);

    const noSeek = await post({ action: 'seek' });
    expect(noSeek.statusCode).toBe(422);
    expect(noSeek.json().message).toBe(
      'Seeking needs a value: the position in seconds, 0 or more.',
    );
    expect((await post({ action: 'seek', value: -1 })).statusCode).toBe(422);
    const loud = await post({ action: 'volume', value: 1.5 });
    expect(loud.statusCode).toBe(422);
    expect(loud.json().message).toBe('Setting the volume needs a value from 0 to 1.');
    expect((await post({ action: 'rewind' })).statusCode).toBe(422);
    expect((await post({ action: 'volume', value: 0 })).statusCode).toBe(202);

    expect((await report(client, 'short')).statusCode).toBe(422);
    expect((await report(client, id, { volume: 2 })).statusCode).toBe(422);
    expect((await report(client, id, { position_ms: -5 })).statusCode).toBe(422);

    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/me/devices')).statusCode).toBe(401);
  });

  it('reaches a player whose stream is open on another instance, through Redis', async () => {
    const prefix = `test-${crypto.randomBytes(6).toString('hex')}:`;
    const a = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix });
    const b = await buildApp(a.config, { db: a.db, announce: () => {} });
    try {
      await listen(a.app);
      await listen(b);
      const user = await createUser(a.app);
      const onA = new TestClient(a.app);
      await onA.login(user.email, user.plainPassword);
      const onB = new TestClient(b);
      await onB.login(user.email, user.plainPassword);
      const id = deviceId();
      const stream = await openStream(b, onB, {}, `?device=${id}`);
      await stream.next((e) => e.event === 'unread');
      await report(onB, id, { track_ids: [tracks[0]!], is_playing: true });
      expect(
        (await onA.post(`/api/v1/me/devices/${id}/commands`, { action: 'next' })).statusCode,
      ).toBe(202);
      expect((await stream.next((e) => e.event === 'player-command')).data).toEqual({
        action: 'next',
      });
      await stream.close();
    } finally {
      await b.close();
      await a.close();
      await deleteRedisKeys(prefix);
    }
  });
});
