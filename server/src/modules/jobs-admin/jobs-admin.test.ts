import crypto from 'node:crypto';
import type { AdminJobs } from '@cadenza/contracts/jobs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys, TEST_REDIS_URL } from '../../test/redis.js';
import { buildApp } from '../../app.js';
import { signedInUser } from '../../test/factories.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

const REDIS_URL = TEST_REDIS_URL;

/** The admin's view of the jobs, asked again until `check` holds (jobs run on their own). */
async function jobsUntil(
  admin: TestClient,
  check: (jobs: AdminJobs) => boolean,
): Promise<AdminJobs> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await admin.get('/api/v1/admin/jobs');
    expect(response.statusCode, response.body).toBe(200);
    const jobs = response.json() as AdminJobs;
    if (check(jobs)) return jobs;
    if (Date.now() > deadline) throw new Error(`the jobs never got there: ${response.body}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A queue whose jobs fail until `healthy` is set, on an app's job queue. */
function flakyQueue(app: FastifyInstance, runs: string[], state: { healthy: boolean }) {
  return app.services.jobs.queue<{ track: number }>(
    'loudness-check',
    async (data) => {
      runs.push(String(data.track));
      if (!state.healthy) throw new Error(`ffmpeg could not read track ${data.track}`);
    },
    { attempts: 2, backoffMs: 10 },
  );
}

describe('background jobs in the admin area', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('are for those allowed to manage them', async () => {
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/admin/jobs')).statusCode).toBe(401);
    const { client } = await signedInUser(t.app);
    expect((await client.get('/api/v1/admin/jobs')).statusCode).toBe(403);
    expect((await client.post('/api/v1/admin/jobs/mail/1/retry')).statusCode).toBe(403);
  });

  it("list each queue's jobs by state, the app's scheduled work and mail among them", async () => {
    const jobs = await jobsUntil(admin, () => true);
    expect(jobs.backend).toBe('in-process');
    const names = jobs.queues.map((queue) => queue.name);
    for (const name of ['mail', 'library-import', 'session-pruning', 'trending-window']) {
      expect(names).toContain(name);
    }
    expect(jobs.queues.find((queue) => queue.name === 'mail')?.counts).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
      completed: expect.any(Number),
      failed: 0,
    });
  });

  it('show a failed job with its error and attempts, and run it again on retry', async () => {
    const runs: string[] = [];
    const state = { healthy: false };
    const id = await flakyQueue(t.app, runs, state).add({ track: 7 });
    const failed = await jobsUntil(admin, (jobs) => jobs.failed.length > 0);
    expect(failed.failed).toEqual([
      {
        queue: 'loudness-check',
        id,
        error: 'ffmpeg could not read track 7',
        attempts: 2,
        failed_at: expect.any(String),
      },
    ]);
    expect(failed.queues.find((queue) => queue.name === 'loudness-check')?.counts.failed).toBe(1);

    state.healthy = true;
    expect((await admin.post(`/api/v1/admin/jobs/loudness-check/${id}/retry`)).statusCode).toBe(
      204,
    );
    const after = await jobsUntil(
      admin,
      (jobs) =>
        jobs.queues.find((queue) => queue.name === 'loudness-check')?.counts.completed === 1,
    );
    expect(after.failed).toEqual([]);
    expect(runs).toEqual(['7', '7', '7']);
    expect((await admin.post(`/api/v1/admin/jobs/loudness-check/${id}/retry`)).statusCode).toBe(
      404,
    );
  });
});

describe('background jobs of instances sharing Redis', () => {
  const prefix = `test-jobs-admin-${crypto.randomBytes(6).toString('hex')}:`;
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL, REDIS_PREFIX: prefix });
    b = await buildApp(a.config, { db: a.db, announce: () => {} });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await deleteRedisKeys(prefix);
  });

  it('run a job once, and an admin on another instance sees it fail and retries it', async () => {
    const runs: string[] = [];
    const state = { healthy: false };
    const onA = flakyQueue(a.app, runs, state);
    flakyQueue(b, runs, state);
    const id = await onA.add({ track: 12 });

    const admin = await signedInAdmin(b);
    const failed = await jobsUntil(admin, (jobs) => jobs.failed.length > 0);
    expect(failed.backend).toBe('redis');
    expect(failed.failed).toEqual([
      expect.objectContaining({
        queue: 'loudness-check',
        id,
        error: 'ffmpeg could not read track 12',
        attempts: 2,
      }),
    ]);
    // Two attempts in all, whichever instance took each.
    expect(runs).toEqual(['12', '12']);

    state.healthy = true;
    expect((await admin.post(`/api/v1/admin/jobs/loudness-check/${id}/retry`)).statusCode).toBe(
      204,
    );
    await jobsUntil(
      admin,
      (jobs) =>
        jobs.queues.find((queue) => queue.name === 'loudness-check')?.counts.completed === 1,
    );
    expect(runs).toEqual(['12', '12', '12']);
  });
});
