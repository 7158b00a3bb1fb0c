import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.js';
import { freePort } from '../test/free-port.js';
import { startPostgres, type PostgresServer } from '../test/postgres-server.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test/test-app.js';
import { wavBytes } from '../test/wav.js';
import { Visitor } from '../test/app-child.js';
import { startAppProcess, type AppProcess } from './app-process.js';
import { report } from './fault-traffic.js';

/** Enough audio that the import is still running when the app is killed. */
const FOLDERS = 60;
const FILES_PER_FOLDER = 15;
const UPLOAD_BYTES = 256 * 1024;
const FIRST_CHUNK = 64 * 1024;

const until = async (done: () => Promise<boolean> | boolean, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe.each(['sqlite', 'postgres'] as const)('the app killed with kill -9 (%s)', (dialect) => {
  let postgres: PostgresServer | undefined;
  let dataDir: string;
  let library: string;
  let env: Record<string, string>;
  let app: AppProcess | undefined;
  let db: Db;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-killed-'));
    library = path.join(dataDir, 'library');
    for (let folder = 0; folder < FOLDERS; folder++) {
      const album = path.join(library, `Artist ${folder}`, `Album ${folder}`);
      fs.mkdirSync(album, { recursive: true });
      for (let file = 0; file < FILES_PER_FOLDER; file++) {
        fs.writeFileSync(path.join(album, `${file + 1} Song ${file}.wav`), wavBytes(0.2));
      }
    }
    env = {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LIBRARY_FOLDERS: library,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
    };
    if (dialect === 'postgres') {
      postgres = await startPostgres();
      env.DATABASE_URL = postgres.url;
    }
    db = openDatabase(
      postgres
        ? { dialect: 'postgres', url: postgres.url }
        : { dialect: 'sqlite', file: path.join(dataDir, 'cadenza.sqlite') },
    );
  });

  afterAll(async () => {
    await app?.stop();
    await db?.destroy();
    await postgres?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write, resumes the upload from its offset and finishes the import', async () => {
    app = await startAppProcess(env);
    const admin = new Visitor(app.url);
    await admin.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);

    // A burst of writes, each kept once answered as done.
    const acknowledged: string[] = [];
    /** Writes answered with neither success nor, as the app died, no answer at all. */
    const unexpected: number[] = [];
    let cut = 0;
    let writing = true;
    let sequence = 0;
    const writer = async () => {
      while (writing) {
        const name = `Written #${++sequence}`;
        const answer = await admin
          .request('/api/v1/playlists', { method: 'POST', json: { name } })
          .catch(() => undefined);
        if (answer?.status === 201) acknowledged.push(name);
        else if (answer) unexpected.push(answer.status);
        else {
          cut++;
          return;
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];

    // A resumable upload: its first chunk acknowledged, the next one arriving when the app dies.
    const file = crypto.randomBytes(UPLOAD_BYTES);
    const created = await admin.request('/api/v1/tus/upload', {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(UPLOAD_BYTES),
        'upload-metadata': `clientName ${Buffer.from('killed.bin').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const uploadUrl = new URL(created.headers.get('location')!, app.url).pathname;
    const first = await sendChunk(admin, app.url, uploadUrl, 0, file.subarray(0, FIRST_CHUNK));
    expect(first).toBe(204);
    const streaming = streamChunk(
      admin,
      app.url,
      uploadUrl,
      FIRST_CHUNK,
      file.subarray(FIRST_CHUNK),
    );

    await until(() => acknowledged.length >= 20 && streaming.sent > 0, 30_000, 'the traffic');

    // An import, killed part-way.
    const started = await admin.request('/api/v1/admin/library/imports', {
      method: 'POST',
      json: { folder: library },
    });
    expect(started.status).toBe(202);
    const importId = ((await started.json()) as { job: { id: number } }).job.id;
    await until(
      async () => {
        const answer = await admin.request(`/api/v1/admin/library/imports/${importId}`);
        return ((await answer.json()) as { job: { processed: number } }).job.processed > 0;
      },
      60_000,
      'the import making progress',
    );

    await app.kill();
    writing = false;
    await Promise.all(writers);
    await streaming.ended;
    const total = FOLDERS * FILES_PER_FOLDER;
    const before = await db.kysely
      .selectFrom('import_jobs')
      .select(['status', 'processed'])
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();
    expect(before.status).toBe('running');
    expect(before.processed).toBeLessThan(total);

    const restarting = performance.now();
    app = await startAppProcess(env);
    const restartSeconds = (performance.now() - restarting) / 1000;
    const again = new Visitor(app.url);
    await again.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);

    // Every write answered as done is there, once; the database is whole.
    const names = (await db.kysely.selectFrom('playlists').select('name').execute()).map(
      (row) => row.name,
    );
    const lost = acknowledged.filter((name) => !names.includes(name));
    report({
      fault: `app-killed-${dialect}`,
      requests: cut,
      unavailable: 0,
      otherErrors: unexpected.length,
      recoverySeconds: restartSeconds,
      writesLost: lost.length,
    });
    expect(unexpected).toEqual([]);
    expect(lost).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    if (dialect === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        db.kysely,
      );
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    }

    // The upload goes on from the offset the app kept, to the same bytes.
    const head = await again.request(uploadUrl, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(FIRST_CHUNK);
    expect(offset).toBeLessThan(UPLOAD_BYTES);
    expect(await sendChunk(again, app.url, uploadUrl, offset, file.subarray(offset))).toBe(204);
    const entry = await again.request('/api/v1/tus/entries', {
      method: 'POST',
      json: { uploadKey: uploadUrl },
    });
    expect(entry.status).toBe(200);
    const { fileEntry } = (await entry.json()) as { fileEntry: { url: string } };
    const stored = await again.request(new URL(fileEntry.url, app.url).pathname);
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(file)).toBe(true);

    // The import left running is taken up again and finishes, each file imported once.
    let job = { status: 'running', processed: 0, total: 0, failed: 0 };
    await until(
      async () => {
        const answer = await again.request(`/api/v1/admin/library/imports/${importId}`);
        job = ((await answer.json()) as { job: typeof job }).job;
        return job.status !== 'queued' && job.status !== 'running';
      },
      30_000,
      'the import finishing',
    );
    expect(job).toMatchObject({ status: 'done', processed: total, total, failed: 0 });
    const tracks = await db.kysely
      .selectFrom('tracks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(tracks.count)).toBe(total);
  }, 300_000);
});

/** One tus PATCH of `chunk` at `offset`, answered as the server answers it. */
async function sendChunk(
  visitor: Visitor,
  base: string,
  uploadUrl: string,
  offset: number,
  chunk: Buffer,
): Promise<number> {
  const answer = await fetch(base + uploadUrl, {
    method: 'PATCH',
    headers: {
      ...visitor.headers('PATCH'),
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: chunk,
  });
  return answer.status;
}

/**
 * A PATCH whose body arrives slowly, as on a slow connection: a piece every few milliseconds,
 * never finished here, so the app dies while it arrives.
 */
function streamChunk(
  visitor: Visitor,
  base: string,
  uploadUrl: string,
  offset: number,
  chunk: Buffer,
) {
  const state = { sent: 0, ended: Promise.resolve() };
  const request = http.request(base + uploadUrl, {
    method: 'PATCH',
    headers: {
      ...visitor.headers('PATCH'),
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(chunk.length),
    },
  });
  state.ended = new Promise<void>((resolve) => {
    request.once('error', () => resolve());
    request.once('response', () => resolve());
  });
  const piece = 4 * 1024;
  const timer = setInterval(() => {
    // Half the chunk at most: the rest never comes before the app dies.
    if (state.sent >= chunk.length / 2) return;
    request.write(chunk.subarray(state.sent, state.sent + piece));
    state.sent += piece;
  }, 20);
  void state.ended.then(() => clearInterval(timer));
  return state;
}
