import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Redis } from 'ioredis';
import { connectRedis } from '../../infra/redis.js';
import { importTrack, wavBytes } from '../music/music.fixtures.js';
import { signedInUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { openStream } from '../notifications/notifications.testing.js';
import { createReadinessService, redisCheck } from './readiness.service.js';

const TOKEN = 'a-metrics-token-for-the-tests';
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

/** What a Prometheus server with the token reads. */
async function scrape(): Promise<string> {
  const answer = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

/** The value of one series in the Prometheus text, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('readiness', () => {
  it('is ok on SQLite without Redis: the database and storage answer, Redis is absent', async () => {
    const answer = await t.app.inject({ url: '/api/v1/health/ready' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'absent', storage: 'ok' },
    });
  });

  it('says a dependency that does not answer in time failed, rather than waiting on it', async () => {
    const readiness = createReadinessService({
      database: () => new Promise(() => {}),
      redis: undefined,
      storage: async () => {},
      timeoutMs: 50,
    });
    expect(await readiness.check()).toEqual({
      status: 'unavailable',
      checks: { database: 'error', redis: 'absent', storage: 'ok' },
    });
  });

  it('says Redis failed when nothing answers at its address', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const redis = connectRedis(`redis://127.0.0.1:${port}`);
    redis.on('error', () => {});
    try {
      const readiness = createReadinessService({
        database: async () => {},
        redis: redisCheck(redis),
        storage: async () => {},
      });
      expect(await readiness.check()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', redis: 'error', storage: 'ok' },
      });
    } finally {
      redis.disconnect();
    }
  });

  it('says Redis failed while the job queues are still reconnecting to it', async () => {
    // The app's own connection is back; the queues' come back on their own backoff.
    const redis = { status: 'ready', ping: async () => 'PONG' } as unknown as Redis;
    let queuesBack = false;
    const readiness = createReadinessService({
      database: async () => {},
      redis: redisCheck(redis, { connected: () => queuesBack }),
      storage: async () => {},
    });
    expect((await readiness.check()).checks.redis).toBe('error');
    queuesBack = true;
    expect(await readiness.check()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'ok', storage: 'ok' },
    });
  });
});

describe('metrics', () => {
  it('are read with the bearer token only', async () => {
    const asked = (authorization?: string) =>
      t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
    for (const authorization of [undefined, 'Bearer not-the-token', TOKEN, `Basic ${TOKEN}`]) {
      const refused = await asked(authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.body).not.toContain('process_cpu');
    }
    const answer = await asked(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    // Node.js's own figures, beside the app's.
    expect(answer.body).toContain('process_cpu_user_seconds_total');
    expect(answer.body).toContain('nodejs_eventloop_lag_seconds');
    expect(answer.body).toContain('cadenza_open_streams{kind="audio"} 0');
  });

  it('time each answer under its route pattern, never its path', async () => {
    expect((await t.app.inject({ url: '/api/v1/tracks/987654321' })).statusCode).toBe(404);
    await t.app.inject({ url: '/no/such/page-5551234' });
    // The health check's second answer is sent by the edge, before the framework: counted too.
    for (let i = 0; i < 2; i++) expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);

    const text = await scrape();
    const series = (route: string, status: number) =>
      `http_request_duration_seconds_count{method="GET",route="${route}",status_code="${status}"}`;
    expect(valueOf(text, series('/api/v1/tracks/:id', 404))).toBe(1);
    expect(valueOf(text, series('unmatched', 200))).toBe(1);
    expect(valueOf(text, series('/api/v1/health', 200))).toBe(2);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/tracks/:id",status_code="404"} 1',
    );
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('5551234');
  });

  it('count sign-ins by how they ended, and uploads', async () => {
    const client = await new TestClient(t.app).visit();
    const before = await scrape();
    expect(
      (await client.post('/auth/login', { email: ADMIN_EMAIL, password: 'a wrong password' }))
        .statusCode,
    ).toBe(422);
    const { client: user } = await signedInUser(t.app);
    const { body, headers } = multipartFile(Buffer.from('some notes'), { filename: 'notes.txt' });
    expect((await user.request('POST', '/api/v1/file-entries', body, { headers })).statusCode).toBe(
      200,
    );

    const after = await scrape();
    const grew = (series: string) => valueOf(after, series)! - valueOf(before, series)!;
    expect(grew('cadenza_sign_ins_total{outcome="failure"}')).toBe(1);
    expect(grew('cadenza_sign_ins_total{outcome="success"}')).toBe(1);
    expect(grew('cadenza_sign_ins_total{outcome="throttled"}')).toBe(0);
    expect(grew('cadenza_uploads_total')).toBe(1);
  });

  it('count event streams while they are open', async () => {
    const { client } = await signedInUser(t.app);
    const stream = await openStream(t.app, client);
    expect(stream.response.headers.get('x-request-id')).toMatch(/^[\w.-]{8,}$/);
    await stream.next((event) => event.event === 'unread');
    expect(valueOf(await scrape(), 'cadenza_open_streams{kind="events"}')).toBe(1);
    await stream.close();
    await vi.waitFor(async () =>
      expect(valueOf(await scrape(), 'cadenza_open_streams{kind="events"}')).toBe(0),
    );
  });

  it('count audio being sent while it is', async () => {
    // Longer than the connection's buffers hold, so the answer stays open while nobody reads it.
    fs.mkdirSync(path.join(t.config.dataDir, 'music'), { recursive: true });
    const file = path.join(t.config.dataDir, 'music/long.wav');
    fs.writeFileSync(file, wavBytes(1));
    fs.truncateSync(file, 32 * 1024 * 1024);
    const { trackId } = await importTrack(t.app, t.config.dataDir, { audioPath: 'music/long.wav' });
    const listening = http.get(`${base}/api/v1/tracks/${trackId}/stream`);
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
      listening.on('response', resolve).on('error', reject),
    );
    expect(answer.statusCode).toBe(200);
    const audio = 'cadenza_open_streams{kind="audio"}';
    expect(valueOf(await scrape(), audio)).toBe(1);
    listening.destroy();
    await vi.waitFor(async () => expect(valueOf(await scrape(), audio)).toBe(0));
  });

  it('show each queue’s jobs by state, read when they are scraped', async () => {
    expect(valueOf(await scrape(), 'cadenza_queue_jobs{queue="mail",state="failed"}')).toBe(0);
    let waiting = 3;
    t.app.metrics.registerQueues(async () => ({
      mail: { waiting, active: 1, delayed: 0, failed: 2 },
    }));
    expect(valueOf(await scrape(), 'cadenza_queue_jobs{queue="mail",state="waiting"}')).toBe(3);
    waiting = 0;
    const text = await scrape();
    expect(valueOf(text, 'cadenza_queue_jobs{queue="mail",state="waiting"}')).toBe(0);
    expect(valueOf(text, 'cadenza_queue_jobs{queue="mail",state="failed"}')).toBe(2);
  });
});

describe('an instance with Redis and no metrics token', () => {
  let other: TestApp;
  const warnings: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const prefix = `test-${crypto.randomBytes(6).toString('hex')}:`;
    other = await createTestApp(
      { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => void warnings.push(JSON.parse(line)) } },
    );
  });
  afterAll(async () => {
    await other.close();
  });

  it('is ready with Redis answering', async () => {
    const answer = await other.app.inject({ url: '/api/v1/health/ready' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().checks).toEqual({ database: 'ok', redis: 'ok', storage: 'ok' });
  });

  it('has no metrics address at all', async () => {
    const answer = await other.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('process_cpu');
  });

  it('is unavailable once its database is closed', async () => {
    await other.db.destroy();
    const answer = await other.app.inject({ url: '/api/v1/health/ready' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'error', redis: 'ok', storage: 'ok' },
    });
    // The operator reads why in the log, under the probe's request id.
    expect(warnings).toContainEqual(
      expect.objectContaining({
        msg: 'readiness check failed',
        check: 'database',
        reqId: answer.headers['x-request-id'],
      }),
    );
  });
});
