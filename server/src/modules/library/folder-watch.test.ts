import type { ImportJob, WatchedFolder } from '@cadenza/contracts/library';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import * as repo from './library.repo.js';

/** A real MP3 made by ffmpeg: a tone of `seconds`, tagged. */
function ffmpegMp3(file: string, title: string, seconds: number): Buffer {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-metadata', `title=${title}`, '-metadata', 'artist=Watcher Band'],
    ...['-metadata', 'album=Live Drops', '-c:a', 'libmp3lame', '-b:a', '64k', file],
  ]);
  return fs.readFileSync(file);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 8000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('watched library folders', () => {
  let t: TestApp;
  let library: string;
  let sources: string;
  let admin: TestClient;
  let first: Buffer;
  let second: Buffer;

  beforeAll(async () => {
    library = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-watched-')));
    sources = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-watch-src-'));
    first = ffmpegMp3(path.join(sources, 'first.mp3'), 'Arrival', 2);
    second = ffmpegMp3(path.join(sources, 'second.mp3'), 'Slow Copy', 3);
    t = await createTestApp({ LIBRARY_FOLDERS: library, LIBRARY_WATCH_SETTLE_MS: '400' });
    admin = await new TestClient(t.app).visit();
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(library, { recursive: true, force: true });
    fs.rmSync(sources, { recursive: true, force: true });
  });

  const folders = async () =>
    (
      (await admin.get('/api/v1/admin/library/watched-folders')).json() as {
        folders: WatchedFolder[];
      }
    ).folders;

  /** The track made of a file, as a listener's client reads it; undefined while there is none. */
  async function trackOf(file: string) {
    const row = (await repo.filesUnder(t.db.kysely, library)).find((f) => f.path === file);
    if (!row?.track_id) return undefined;
    const response = await admin.get(`/api/v1/tracks/${row.track_id}`);
    return response.statusCode === 200
      ? (response.json() as { track: { id: number; name: string; duration_ms: number } }).track
      : undefined;
  }

  it('lets only admins mark a library folder watched, and only a library folder', async () => {
    expect(await folders()).toEqual([
      { path: library, watch: false, status: 'off', error: null, last_change_at: null },
    ]);
    const guest = await new TestClient(t.app).visit();
    const body = { folder: library, watch: true };
    expect((await guest.put('/api/v1/admin/library/watched-folders', body)).statusCode).toBe(401);
    const { client: listener } = await signedInUser(t.app);
    expect((await listener.put('/api/v1/admin/library/watched-folders', body)).statusCode).toBe(
      403,
    );
    expect((await listener.get('/api/v1/admin/library/watched-folders')).statusCode).toBe(403);
    const outside = await admin.put('/api/v1/admin/library/watched-folders', {
      folder: os.tmpdir(),
      watch: true,
    });
    expect(outside.statusCode).toBe(422);
    expect(await folders()).toMatchObject([{ watch: false, status: 'off' }]);

    const marked = await admin.put('/api/v1/admin/library/watched-folders', body);
    expect(marked.statusCode).toBe(200);
    expect((marked.json() as { folder: WatchedFolder }).folder).toMatchObject({ watch: true });
    await until('the watcher to start', async () =>
      (await folders())[0]!.status === 'watching' ? true : undefined,
    );
  });

  it('imports an audio file copied into the folder within seconds', async () => {
    const file = path.join(library, 'Watcher Band', 'Live Drops', '01 Arrival.mp3');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const copiedAt = Date.now();
    fs.writeFileSync(file, first);
    const track = await until('the track', () => trackOf(file));
    expect(Date.now() - copiedAt).toBeLessThan(6000);
    expect(track.name).toBe('Arrival');
    expect((await folders())[0]!.last_change_at).not.toBeNull();

    const history = (await admin.get('/api/v1/admin/library/imports')).json() as {
      pagination: { data: ImportJob[] };
    };
    expect(history.pagination.data[0]).toMatchObject({ folder: path.dirname(file), imported: 1 });
  });

  it('leaves a file being copied alone until its copy is complete', async () => {
    const file = path.join(library, 'Watcher Band', 'Live Drops', '02 Slow Copy.mp3');
    // A slow copy: the file grows in pieces, each sooner than the size must hold still.
    const pieces = 8;
    const size = Math.ceil(second.length / pieces);
    fs.writeFileSync(file, second.subarray(0, size));
    for (let piece = 1; piece < pieces; piece++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await trackOf(file)).toBeUndefined();
      fs.appendFileSync(file, second.subarray(piece * size, (piece + 1) * size));
    }
    const track = await until('the whole file', () => trackOf(file));
    expect(track.name).toBe('Slow Copy');
    // The whole three seconds, not the half first seen.
    expect(track.duration_ms).toBeGreaterThan(2800);
  });

  it('removes the track of a file that disappears, as a re-scan would', async () => {
    const file = path.join(library, 'Watcher Band', 'Live Drops', '01 Arrival.mp3');
    const { id } = (await trackOf(file))!;
    fs.rmSync(file);
    await until('the track to go', async () =>
      (await admin.get(`/api/v1/tracks/${id}`)).statusCode === 404 ? true : undefined,
    );
    const remaining = path.join(library, 'Watcher Band', 'Live Drops', '02 Slow Copy.mp3');
    expect(await trackOf(remaining)).toBeDefined();
  });

  it('stops watching when the admin says so', async () => {
    const stopped = await admin.put('/api/v1/admin/library/watched-folders', {
      folder: library,
      watch: false,
    });
    expect((stopped.json() as { folder: WatchedFolder }).folder).toMatchObject({
      watch: false,
      status: 'off',
    });
    await t.app.services.folderWatch.settled();
    const file = path.join(library, 'Unwatched.mp3');
    fs.writeFileSync(file, first);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await trackOf(file)).toBeUndefined();
  });
});
