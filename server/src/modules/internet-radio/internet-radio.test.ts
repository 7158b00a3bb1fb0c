import type { RadioStation } from '@cadenza/contracts/radio-stations';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startIcyStation, type IcyStation } from '../../test/icy-station.js';
import { subsonicSchemaErrors } from '../../test/subsonic-schema.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { mp3Tone } from '../library/audio-factory.js';
import { streamTitleOf } from './icy-metadata.js';

const METAINT = 4096;
const TITLE = 'Night Owls - Slow Lights';

describe('internet radio stations', () => {
  let t: TestApp;
  const audio = mp3Tone(1);
  let station: IcyStation;
  let streamBase: string;
  let appBase: string;
  let admin: TestClient;
  let listener: TestClient;
  let created: RadioStation;

  beforeAll(async () => {
    station = await startIcyStation({ audio, title: TITLE, metaint: METAINT });
    streamBase = station.url;
    // The stand-in is on loopback: only that address is allowed beside the public ones.
    t = await createTestApp({ RADIO_PRIVATE_NETWORKS: '127.0.0.1/32', RADIO_MAX_RELAYS: '3' });
    appBase = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await new TestClient(t.app).visit();
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    listener = (await signedInUser(t.app)).client;
  });

  afterAll(async () => {
    await t?.close();
    await station.close();
  });

  it('lets an admin add a station whose URL answers with audio', async () => {
    const response = await admin.post('/api/v1/admin/radio-stations', {
      name: 'Night Owls FM',
      stream_url: `${streamBase}/live`,
      homepage_url: 'https://night-owls.example/',
      cover_url: '',
    });
    expect(response.statusCode).toBe(201);
    created = (response.json() as { station: RadioStation }).station;
    expect(created).toMatchObject({
      name: 'Night Owls FM',
      stream_url: `${streamBase}/live`,
      homepage_url: 'https://night-owls.example/',
      cover_url: null,
    });
    const listed = await listener.get('/api/v1/radio-stations');
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { stations: RadioStation[] }).stations).toEqual([created]);
  });

  it('refuses URLs that are no audio stream or point to private addresses', async () => {
    const attempt = (streamUrl: string) =>
      admin.post('/api/v1/admin/radio-stations', { name: 'Bad', stream_url: streamUrl });
    const cases: [string, RegExp][] = [
      [`${streamBase}/page`, /does not answer with an audio stream/],
      ['http://10.1.2.3/live', /address that cannot be used/],
      ['http://169.254.169.254/latest/meta-data', /address that cannot be used/],
      [`http://[::1]:${new URL(streamBase).port}/live`, /address that cannot be used/],
      [`${streamBase}/to-private`, /address that cannot be used/],
      ['ftp://radio.example/live', /http or https/],
    ];
    for (const [url, message] of cases) {
      const response = await attempt(url);
      expect(response.statusCode, url).toBe(422);
      const { errors } = response.json() as { errors: { stream_url: string | string[] } };
      expect(String(errors.stream_url), url).toMatch(message);
    }
    const listed = (await admin.get('/api/v1/admin/radio-stations')).json() as {
      pagination: { total: number };
    };
    expect(listed.pagination.total).toBe(1);
  });

  it('keeps the writes to admins', async () => {
    const guest = await new TestClient(t.app).visit();
    const body = { name: 'Mine', stream_url: `${streamBase}/live` };
    expect((await guest.post('/api/v1/admin/radio-stations', body)).statusCode).toBe(401);
    expect((await listener.post('/api/v1/admin/radio-stations', body)).statusCode).toBe(403);
    expect(
      (await listener.put(`/api/v1/admin/radio-stations/${created.id}`, body)).statusCode,
    ).toBe(403);
    expect((await listener.delete(`/api/v1/admin/radio-stations/${created.id}`)).statusCode).toBe(
      403,
    );
  });

  it('relays the live stream to a listener and lets go of it when the listener leaves', async () => {
    const cookie = [...listener.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const { type, head } = await new Promise<{ type: string; head: Buffer }>((resolve, reject) => {
      const request = http.get(
        `${appBase}/api/v1/radio-stations/${created.id}/stream`,
        { headers: { cookie } },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size < 3 * METAINT) return;
            request.destroy();
            resolve({
              type: String(response.headers['content-type']),
              head: Buffer.concat(chunks),
            });
          });
        },
      );
      request.on('error', reject);
    });
    expect(type).toBe('audio/mpeg');
    // Plain audio, as the station sends it to a player that asks for no metadata.
    expect(head.subarray(0, 2 * METAINT)).toEqual(
      Buffer.concat([audio, audio, audio]).subarray(0, 2 * METAINT),
    );
    const deadline = Date.now() + 3000;
    while (station.openStreams() > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(station.openStreams()).toBe(0);
  });

  /** Opens the station's relayed stream as `client`, and keeps it open until `close`. */
  function openRelay(client: TestClient) {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise<{ status: number; body: string; close: () => void }>((resolve, reject) => {
      const request = http.get(
        `${appBase}/api/v1/radio-stations/${created.id}/stream`,
        { headers: { cookie } },
        (response) => {
          const close = () => request.destroy();
          if (response.statusCode === 200) {
            resolve({ status: 200, body: '', close });
            return;
          }
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, close }));
        },
      );
      request.on('error', reject);
    });
  }

  it('relays two streams to a listener at most, and as many as the instance allows in all', async () => {
    const first = await openRelay(listener);
    const second = await openRelay(listener);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await openRelay(listener);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body).message).toBe(
      'You are listening to radio in two places already. Stop one to start another.',
    );
    // The instance relays three at most (RADIO_MAX_RELAYS): another listener takes the last.
    const other = (await signedInUser(t.app)).client;
    const others = await openRelay(other);
    expect(others.status).toBe(200);
    const fourth = await openRelay((await signedInUser(t.app)).client);
    expect(fourth.status).toBe(503);
    expect(JSON.parse(fourth.body).message).toBe(
      'The radio is full right now. Try again in a few minutes.',
    );

    // A stream given up frees its place.
    first.close();
    const deadline = Date.now() + 3000;
    let again = await openRelay(listener);
    while (again.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await openRelay(listener);
    }
    expect(again.status).toBe(200);
    for (const stream of [second, others, again]) stream.close();
  });

  it('reads what plays now from the ICY metadata', async () => {
    const response = await listener.get(`/api/v1/radio-stations/${created.id}/now-playing`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ title: TITLE });
    expect(streamTitleOf(Buffer.from("StreamTitle='';StreamUrl='';\0\0"))).toBeNull();
    expect((await listener.get('/api/v1/radio-stations/999999/now-playing')).statusCode).toBe(404);
  });

  it('lists stations to Subsonic clients and lets only admins change them', async () => {
    const keyOf = async (client: TestClient) =>
      (
        (await client.post('/api/v1/access-tokens', { tokenName: 'Player' })).json() as {
          plainTextToken: string;
        }
      ).plainTextToken;
    const adminKey = await keyOf(admin);
    const listenerKey = await keyOf(listener);
    const call = async (method: string, apiKey: string, params: Record<string, string> = {}) => {
      const query = new URLSearchParams({ v: '1.16.1', c: 'test', f: 'json', apiKey, ...params });
      const response = await fetch(`${appBase}/rest/${method}?${query}`);
      return ((await response.json()) as { 'subsonic-response': Record<string, unknown> })[
        'subsonic-response'
      ]!;
    };

    const xml = await fetch(
      `${appBase}/rest/getInternetRadioStations.view?v=1.16.1&c=test&apiKey=${listenerKey}`,
    );
    expect(await subsonicSchemaErrors(await xml.text())).toEqual([]);
    expect(await call('getInternetRadioStations', listenerKey)).toMatchObject({
      status: 'ok',
      internetRadioStations: {
        internetRadioStation: [
          {
            id: String(created.id),
            name: 'Night Owls FM',
            streamUrl: `${streamBase}/live`,
            homePageUrl: 'https://night-owls.example/',
          },
        ],
      },
    });

    const refused = await call('createInternetRadioStation', listenerKey, {
      name: 'Pirate',
      streamUrl: `${streamBase}/live`,
    });
    expect(refused).toMatchObject({ status: 'failed', error: { code: 50 } });
    expect(
      await call('deleteInternetRadioStation', listenerKey, { id: String(created.id) }),
    ).toMatchObject({ status: 'failed', error: { code: 50 } });
    expect(
      await call('createInternetRadioStation', adminKey, {
        name: 'Inside',
        streamUrl: 'http://192.168.0.10/live',
      }),
    ).toMatchObject({ status: 'failed', error: { code: 0 } });

    expect(
      await call('createInternetRadioStation', adminKey, {
        name: 'Dawn Chorus',
        streamUrl: `${streamBase}/live?dawn`,
      }),
    ).toMatchObject({ status: 'ok' });
    const afterCreate = (await call('getInternetRadioStations', adminKey)) as {
      internetRadioStations: { internetRadioStation: { id: string; name: string }[] };
    };
    const dawn = afterCreate.internetRadioStations.internetRadioStation.find(
      (s) => s.name === 'Dawn Chorus',
    )!;
    expect(
      await call('updateInternetRadioStation', adminKey, {
        id: dawn.id,
        name: 'Dawn Chorus 24/7',
        streamUrl: `${streamBase}/live?dawn`,
        homepageUrl: 'https://dawn.example/',
      }),
    ).toMatchObject({ status: 'ok' });
    expect(
      (await listener.get(`/api/v1/radio-stations/${dawn.id}`)).json() as { station: RadioStation },
    ).toMatchObject({
      station: { name: 'Dawn Chorus 24/7', homepage_url: 'https://dawn.example/' },
    });
    expect(await call('deleteInternetRadioStation', adminKey, { id: dawn.id })).toMatchObject({
      status: 'ok',
    });
    expect((await listener.get(`/api/v1/radio-stations/${dawn.id}`)).statusCode).toBe(404);
  });
});
