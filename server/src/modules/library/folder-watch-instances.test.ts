import type { ImportJob, WatchedFolder } from '@cadenza/contracts/library';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { deleteRedisKeys, TEST_REDIS_URL } from '../../test/redis.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { taggedMp3 } from './audio-factory.js';

describe('a watched folder on instances sharing Redis', () => {
  const prefix = `test-watch-${crypto.randomBytes(6).toString('hex')}:`;
  let library: string;
  let a: TestApp;
  let b: FastifyInstance;
  let onA: TestClient;
  let onB: TestClient;

  beforeAll(async () => {
    library = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-watch-shared-')));
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      LIBRARY_FOLDERS: library,
      LIBRARY_WATCH_SETTLE_MS: '300',
    };
    a = await createTestApp(env);
    b = await buildApp(a.config, { db: a.db, announce: () => {} });
    onA = await signedInAdmin(a.app);
    onB = await signedInAdmin(b);
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    fs.rmSync(library, { recursive: true, force: true });
    await deleteRedisKeys(prefix);
  });

  it('is watched by one instance, whichever the admin marked it on', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      // One instance holds the lease; the other competes for it and waits.
      expect(await redis.get(`${prefix}library:watcher`)).toMatch(/^\d+-/);
    } finally {
      await redis.quit();
    }
    const marked = await onB.put('/api/v1/admin/library/watched-folders', {
      folder: library,
      watch: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const deadline = Date.now() + 8000;
    const statusOnA = async () =>
      (
        (await onA.get('/api/v1/admin/library/watched-folders')).json() as {
          folders: WatchedFolder[];
        }
      ).folders[0]!.status;
    while ((await statusOnA()) !== 'watching' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await statusOnA()).toBe('watching');

    fs.writeFileSync(
      path.join(library, 'Once.mp3'),
      taggedMp3({ title: 'Once', artist: 'Single Watcher', album: 'One' }),
    );
    const imports = async () =>
      (
        (await onA.get('/api/v1/admin/library/imports')).json() as {
          pagination: { data: ImportJob[] };
        }
      ).pagination.data;
    while (
      !(await imports()).some((job) => job.status === 'done') &&
      Date.now() < deadline + 4000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Two watchers would each have queued an import of the change.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const jobs = await imports();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ folder: library, status: 'done', imported: 1 });
  });
});
