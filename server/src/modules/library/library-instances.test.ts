import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportJob } from '@cadenza/contracts/library';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys, TEST_REDIS_URL } from '../../test/redis.js';
import { buildApp } from '../../app.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';
import { taggedMp3 } from './audio-factory.js';

const REDIS_URL = TEST_REDIS_URL;

describe('library imports on instances sharing Redis', () => {
  const prefix = `test-imports-${crypto.randomBytes(6).toString('hex')}:`;
  let library: string;
  let a: TestApp;
  let b: FastifyInstance;
  let onA: TestClient;
  let onB: TestClient;

  beforeAll(async () => {
    library = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-shared-library-'));
    for (let i = 0; i < 12; i++) {
      const file = path.join(library, `Song ${i}.mp3`);
      fs.writeFileSync(file, taggedMp3({ title: `Song ${i}`, artist: 'Shared', album: 'Both' }));
    }
    a = await createTestApp({ REDIS_URL, REDIS_PREFIX: prefix, LIBRARY_FOLDERS: library });
    b = await buildApp(a.config, { db: a.db, announce: () => {} });
    onA = await signedInAdmin(a.app);
    onB = await signedInAdmin(b);
  });

  afterAll(async () => {
    await b.close();
    await a.close();
    fs.rmSync(library, { recursive: true, force: true });
    await deleteRedisKeys(prefix);
  });

  it('are cancelled from any instance, and report their progress on every one', async () => {
    const started = await onA.post('/api/v1/admin/library/imports', { folder: library });
    expect(started.statusCode, started.body).toBe(202);
    const { job } = started.json() as { job: ImportJob };
    const cancelled = await onB.post(`/api/v1/admin/library/imports/${job.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as { job: ImportJob }).job.status).toBe('cancelled');
    const seenOnA = await onA.get(`/api/v1/admin/library/imports/${job.id}`);
    expect((seenOnA.json() as { job: ImportJob }).job.status).toBe('cancelled');

    const next = (
      (await onB.post('/api/v1/admin/library/imports', { folder: library })).json() as {
        job: ImportJob;
      }
    ).job;
    let current = next;
    const deadline = Date.now() + 30_000;
    while (current.status === 'queued' || current.status === 'running') {
      if (Date.now() > deadline) throw new Error('the import did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = (
        (await onA.get(`/api/v1/admin/library/imports/${next.id}`)).json() as {
          job: ImportJob;
        }
      ).job;
      expect(current.processed).toBeLessThanOrEqual(current.total);
    }
    expect(current).toMatchObject({ status: 'done', total: 12, processed: 12 });
  });
});
