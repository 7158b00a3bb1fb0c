import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { takeStatements } from '../../../test/query-log.js';
import { TestClient } from '../../../test/test-client.js';
import { audioPathOf, importTrack } from '../music.fixtures.js';
import { browserPlayable, findFfmpeg, ifRangeHolds, parseRange } from './streaming.js';

describe('streaming', () => {
  let t: TestApp;
  let trackId: number;
  let bytes: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    trackId = (await importTrack(t.app, t.config.dataDir)).trackId;
    const row = await t.db.kysely
      .selectFrom('tracks')
      .select('audio_path')
      .where('id', '=', trackId)
      .executeTakeFirstOrThrow();
    const file = path.join(t.config.dataDir, row.audio_path);
    bytes = fs.readFileSync(file);
    // Written an hour ago, so its date is a strong validator.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(file, anHourAgo, anHourAgo);
  });
  afterAll(() => t.close());

  const url = () => `/api/v1/tracks/${trackId}/stream`;

  it('serves the whole file with its type, validators and range support', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.get(url());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers.etag).toMatch(/^".+"$/);
    expect(response.headers['last-modified']).toBeTruthy();
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('starts no session for a listener without cookies, and sends a signed-in one none', async () => {
    // An audio element sends the cookies its page got; its answers never need to set any.
    const stranger = await new TestClient(t.app).get(url());
    expect(stranger.statusCode).toBe(200);
    expect(stranger.headers['set-cookie']).toBeUndefined();
    const { client } = await signedInUser(t.app);
    const listener = await client.get(url(), { headers: { range: 'bytes=0-99' } });
    expect(listener.statusCode).toBe(206);
    expect(listener.headers['set-cookie']).toBeUndefined();
  });

  it('answers ranges asked at once, over and over, each with its own bytes', async () => {
    // Over the network: the memory of a range written out is used again for the next.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let round = 0; round < 3; round++) {
      const ranges = Array.from({ length: 16 }, (_, index) => {
        const start = ((round * 16 + index) * 9973) % (bytes.length - 5000);
        return { start, end: start + 1000 + index * 250 };
      });
      const answers = await Promise.all(
        ranges.map(async ({ start, end }) => {
          const response = await fetch(base + url(), {
            headers: { range: `bytes=${start}-${end}` },
          });
          return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
        }),
      );
      answers.forEach(({ status, body }, index) => {
        expect(status).toBe(206);
        expect(body.equals(bytes.subarray(ranges[index]!.start, ranges[index]!.end + 1))).toBe(
          true,
        );
      });
    }
  });

  it('answers HEAD with the headers only', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.request('HEAD', url());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.rawPayload.length).toBe(0);
  });

  it('serves the first bytes, a middle slice and a suffix as 206', async () => {
    const client = await new TestClient(t.app).visit();
    const first = await client.get(url(), { headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

    const middle = await client.get(url(), { headers: { range: 'bytes=1000-1999' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-length']).toBe('1000');
    expect(middle.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);

    const open = await client.get(url(), { headers: { range: `bytes=${bytes.length - 10}-` } });
    expect(open.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const suffix = await client.get(url(), { headers: { range: 'bytes=-500' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(
      `bytes ${bytes.length - 500}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 500))).toBe(true);
  });

  it('answers 416 for a range past the end', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.get(url(), { headers: { range: `bytes=${bytes.length}-` } });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('answers 304 to a matching If-None-Match, and ignores a stale If-Range', async () => {
    const client = await new TestClient(t.app).visit();
    const { etag } = (await client.get(url())).headers as { etag: string };
    const cached = await client.get(url(), { headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);

    const fresh = await client.get(url(), { headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(fresh.statusCode).toBe(206);
    const stale = await client.get(url(), {
      headers: { range: 'bytes=0-9', 'if-range': '"outdated"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);
  });

  it('serves a range for If-Range only on the exact Last-Modified date, else the whole file', async () => {
    const client = await new TestClient(t.app).visit();
    const lastModified = (await client.get(url())).headers['last-modified'] as string;
    const ranged = (ifRange: string) =>
      client.get(url(), { headers: { range: 'bytes=0-9', 'if-range': ifRange } });

    expect((await ranged(lastModified)).statusCode).toBe(206);
    const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    for (const date of [later, earlier, 'yesterday']) {
      const whole = await ranged(date);
      expect(whole.statusCode, date).toBe(200);
      expect(whole.rawPayload.length).toBe(bytes.length);
    }
    expect((await ranged(`W/${(await client.get(url())).headers.etag}`)).statusCode).toBe(200);
  });

  it('never serves audio as a public file, wherever it lies', async () => {
    // Installs from before kept the demo songs under the public storage folder.
    const legacy = path.join(t.config.dataDir, 'storage/demo/artist/album/01-song.mp3');
    fs.mkdirSync(path.dirname(legacy), { recursive: true });
    fs.writeFileSync(legacy, bytes);
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/storage/demo/artist/album/01-song.mp3')).statusCode).toBe(404);
    const audioPath = await audioPathOf(t.db.kysely, trackId);
    expect((await guest.get(`/${audioPath}`)).headers['content-type']).toContain('text/html');
    expect((await guest.get(`/storage/${audioPath}`)).statusCode).toBe(404);
  });

  it('hands the file over as a download only where the plan includes downloads', async () => {
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get(`/api/v1/tracks/${trackId}/download`)).statusCode).toBe(401);
    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    const refused = await member.get(`/api/v1/tracks/${trackId}/download`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Downloads come with a plan that includes them.',
      action: { label: 'See plans', action: '/pricing' },
    });
    await t.app.services.permissions.grant('users', 'music.download');
    try {
      const download = await member.get(`/api/v1/tracks/${trackId}/download`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.wav"/);
      expect(download.rawPayload.equals(bytes)).toBe(true);
      expect(download.headers['cache-control']).toBe('private, no-store');
      // A download cut short resumes where it stopped, while the file is the same.
      const etag = download.headers.etag as string;
      expect(etag).toMatch(/^"/);
      const rest = await member.get(`/api/v1/tracks/${trackId}/download`, {
        headers: { range: 'bytes=100-', 'if-range': etag },
      });
      expect(rest.statusCode).toBe(206);
      expect(rest.rawPayload.equals(bytes.subarray(100))).toBe(true);
    } finally {
      await t.app.services.permissions.revoke('users', 'music.download');
    }
  });

  it('lets guests play while the guest role holds music.view, and refuses them otherwise', async () => {
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get(url())).statusCode).toBe(200);
    await t.app.services.permissions.revoke('guests', 'music.view');
    try {
      expect((await guest.get(url())).statusCode).toBe(401);
      expect((await guest.get(`/api/v1/tracks/${trackId}`)).statusCode).toBe(401);
      const user = await createUser(t.app);
      const member = new TestClient(t.app);
      await member.login(user.email, user.plainPassword);
      expect((await member.get(url())).statusCode).toBe(200);
    } finally {
      await t.app.services.permissions.grant('guests', 'music.view');
    }
  });

  it('answers 404 for an unknown track', async () => {
    const client = await new TestClient(t.app).visit();
    expect((await client.get('/api/v1/tracks/99999999/stream')).statusCode).toBe(404);
  });
});

describe('parseRange', () => {
  it('reads single ranges and leaves odd headers to a full response', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ kind: 'partial', start: 5, end: 9 });
    expect(parseRange('bytes=-20', 10)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-1,4-5', 10)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-1', 10)).toEqual({ kind: 'full' });
  });
});

describe('ifRangeHolds', () => {
  const mtime = new Date('2026-05-01T10:00:00.400Z');
  it('takes a date only when the file is older than that second, and tags only when strong', () => {
    const date = mtime.toUTCString();
    expect(ifRangeHolds(date, '"a"', mtime, mtime.getTime() + 5_000)).toBe(true);
    expect(ifRangeHolds(date, '"a"', mtime, mtime.getTime() + 300)).toBe(false);
    expect(ifRangeHolds('"a"', '"a"', mtime)).toBe(true);
    expect(ifRangeHolds('W/"a"', 'W/"a"', mtime)).toBe(false);
  });
});

describe('browserPlayable', () => {
  it('leaves common codecs alone and marks the others for transcoding', () => {
    expect(browserPlayable('MPEG 1 Layer 3', 'audio/mpeg')).toBe(true);
    expect(browserPlayable('FLAC', 'audio/flac')).toBe(true);
    expect(browserPlayable('ALAC', 'audio/mp4')).toBe(false);
    expect(browserPlayable('WMA', 'audio/x-ms-wma')).toBe(false);
    expect(browserPlayable(null, 'audio/ogg')).toBe(true);
    expect(browserPlayable(null, 'audio/x-aiff')).toBe(false);
  });
});

describe('a track streamed range after range', () => {
  it('is read once, and not streamed once it is hidden or its file replaced', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-streamed-'));
    const log = path.join(folder, 'queries.log');
    const t = await createTestApp({ QUERY_LOG: log });
    const { trackId } = await importTrack(t.app, t.config.dataDir);
    const client = await new TestClient(t.app).visit();
    const url = `/api/v1/tracks/${trackId}/stream`;
    const range = (start: number) =>
      client.get(url, { headers: { range: `bytes=${start}-${start + 999}` } });
    const trackReads = () => takeStatements(log).filter((sql) => /from "tracks"/.test(sql));

    trackReads();
    expect((await range(0)).statusCode).toBe(206);
    expect(trackReads()).toHaveLength(1);
    for (const start of [1000, 2000, 3000]) expect((await range(start)).statusCode).toBe(206);
    expect(trackReads()).toEqual([]);

    const moved = path.join(folder, 'moved.wav');
    const { audio_path: original } = await t.db.kysely
      .selectFrom('tracks')
      .select('audio_path')
      .where('id', '=', trackId)
      .executeTakeFirstOrThrow();
    fs.copyFileSync(path.join(t.config.dataDir, original), moved);
    fs.writeFileSync(moved, Buffer.alloc(1000, 7), { flag: 'r+' });
    await t.db.kysely
      .updateTable('tracks')
      .set({ audio_path: moved })
      .where('id', '=', trackId)
      .execute();
    expect((await range(0)).rawPayload.equals(Buffer.alloc(1000, 7))).toBe(true);

    await t.db.kysely.updateTable('tracks').set({ hidden: 1 }).where('id', '=', trackId).execute();
    expect((await range(0)).statusCode).toBe(404);
    await t.close();
    fs.rmSync(folder, { recursive: true });
  });
});

describe('transcoding', () => {
  async function appWith(ffmpeg: string) {
    const t = await createTestApp({ FFMPEG_PATH: ffmpeg });
    const { trackId } = await importTrack(t.app, t.config.dataDir);
    const client = await new TestClient(t.app).visit();
    return { t, client, url: `/api/v1/tracks/${trackId}/stream?format=mp3` };
  }

  it('streams an MP3 made by ffmpeg when one is asked for', async () => {
    if (!(await findFfmpeg('ffmpeg'))) {
      throw new Error('These tests need ffmpeg: install it (Debian: `apt-get install ffmpeg`).');
    }
    const { t, client, url } = await appWith('ffmpeg');
    const response = await client.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    // A transcoded stream has no length known in advance, so it offers no ranges.
    expect(response.headers['accept-ranges']).toBe('none');
    const metadata = await parseBuffer(response.rawPayload, { mimeType: 'audio/mpeg' });
    expect(metadata.format.codec).toMatch(/Layer 3/);
    expect(metadata.format.duration).toBeGreaterThan(0.9);
    expect(metadata.format.duration).toBeLessThan(1.3);
    await t.close();
  });

  it('looks for ffmpeg without holding up other requests', async () => {
    // An ffmpeg that takes three seconds to say its version, as a cold start on a busy machine.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-slow-ffmpeg-'));
    const slow = path.join(folder, 'ffmpeg');
    const answered = path.join(folder, 'answered');
    fs.writeFileSync(
      slow,
      `#!/bin/sh\nif [ "$2" = -version ]; then sleep 3; touch '${answered}'; fi\nexec ffmpeg "$@"\n`,
      { mode: 0o755 },
    );
    const { t, client, url } = await appWith(slow);
    const transcoded = client.get(url);
    // The stream's request well under way before another comes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await client.get('/api/v1/health');
    expect(health.statusCode).toBe(200);
    expect(fs.existsSync(answered)).toBe(false);
    const response = await transcoded;
    expect(fs.existsSync(answered)).toBe(true);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    await t.close();
    fs.rmSync(folder, { recursive: true });
  });

  it('serves the original file when ffmpeg is not installed', async () => {
    const { t, client, url } = await appWith('ffmpeg-that-is-not-installed');
    const response = await client.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['accept-ranges']).toBe('bytes');
    await t.close();
  });
});
