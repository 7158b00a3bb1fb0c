import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../test/factories.js';
import { multipartFile } from '../test/multipart.js';
import { startS3Standin, type S3Standin } from '../test/s3-standin.js';
import { startSlowProxy, type SlowProxy } from '../test/slow-proxy.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { TestClient } from '../test/test-client.js';
import { figuresOf, isOtherError, report, Traffic } from './fault-traffic.js';

/** How long the storage server is slow, and how slow: its answers come after a client gave up. */
const SLOW_MS = 5_000;
const ANSWER_DELAY_MS = 30_000;
/** How long a client (a player, a browser) waits for an answer before giving up on it. */
const CLIENT_TIMEOUT_MS = 8_000;
const STORAGE_UNREACHABLE =
  'The service cannot reach its file storage. Try again in a few seconds.';

let s3: S3Standin;
let proxy: SlowProxy;
let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  s3 = await startS3Standin();
  const { hostname, port } = new URL(s3.url);
  proxy = await startSlowProxy({ host: hostname, port: Number(port) });
  t = await createTestApp({ ...s3.env, S3_ENDPOINT: proxy.url });
  client = (await signedInUser(t.app)).client;
});

afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await s3?.close();
});

describe('the S3 server answering slowly, then as before', () => {
  it('answers reads of stored files with a 503 before the client gives up, and heals by itself', async () => {
    const data = Buffer.alloc(4000, 0x20);
    Buffer.from('%PDF-1.4\n').copy(data);
    const { body, headers } = multipartFile(data, { filename: 'stored.pdf' });
    const stored = await client.request('POST', '/api/v1/file-entries', body, { headers });
    expect(stored.statusCode, stored.body).toBe(200);
    const url = stored.json().fileEntry.url as string;

    const traffic = new Traffic(CLIENT_TIMEOUT_MS);
    traffic.loop('read', () => client.get(url, { headers: { range: 'bytes=0-7' } }), 50);
    traffic.loop('stream', () => client.get(url), 50);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const from = traffic.now();
    proxy.delay(ANSWER_DELAY_MS);
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    proxy.delay(0);
    const to = traffic.now();

    await traffic.untilBack(['read', 'stream'], to, 15_000);
    await traffic.stop();

    const during = traffic.answers.filter((answer) => answer.at >= from && answer.at < to);
    const slowest = Math.max(...during.map((answer) => answer.ms));
    const figures = figuresOf('s3-slow', traffic.answers, { from, to }, 0);
    report(figures);
    // Every request was answered before its client gave up: with the file, or a clear 503.
    expect(traffic.answers.filter(isOtherError)).toEqual([]);
    expect(slowest).toBeLessThan(CLIENT_TIMEOUT_MS);
    expect(figures.unavailable).toBeGreaterThan(0);
    expect(figures.recoverySeconds).toBeLessThan(5);

    const refusedNow = await (async () => {
      proxy.delay(ANSWER_DELAY_MS);
      try {
        return await client.get(url);
      } finally {
        proxy.delay(0);
      }
    })();
    expect(refusedNow.statusCode).toBe(503);
    expect(refusedNow.headers['retry-after']).toBe('5');
    expect(refusedNow.json().message).toBe(STORAGE_UNREACHABLE);
  });
});
