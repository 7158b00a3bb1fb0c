import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { signedInUser } from '../../test/factories.js';
import { startRedisServer } from '../../test/redis-server.js';
import { startS3Standin, type S3Standin } from '../../test/s3-standin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';

/*
 * Two instances of the app on one database, one Redis and one bucket, as a site behind a proxy
 * runs them: a resumable upload begun on one goes on and ends on the other.
 */

let s3: S3Standin;
let redis: Awaited<ReturnType<typeof startRedisServer>>;
let a: TestApp;
let b: FastifyInstance;
const base: Record<'a' | 'b', string> = { a: '', b: '' };

beforeAll(async () => {
  [s3, redis] = await Promise.all([startS3Standin(), startRedisServer()]);
  a = await createTestApp({ ...s3.env, REDIS_URL: redis.url });
  b = await buildApp(a.config, { db: a.db, announce: () => {} });
  base.a = await a.app.listen({ port: 0, host: '127.0.0.1' });
  base.b = await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
  await redis?.stop();
});

/** The headers of a tus client signed in as `client`, whose session any instance knows. */
function tusHeaders(client: TestClient) {
  return {
    cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
    'tus-resumable': '1.0.0',
  };
}

describe('resumable uploads across instances', () => {
  it('resumes on the second instance an upload begun on the first', async () => {
    const { client } = await signedInUser(a.app);
    const headers = tusHeaders(client);
    const data = Buffer.alloc(6000, 0x20);
    Buffer.from('%PDF-1.4\n').copy(data);

    const created = await fetch(`${base.a}/api/v1/tus/upload`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(data.length),
        'upload-metadata': `clientName ${Buffer.from('score.pdf').toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: data.subarray(0, 2500),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;

    // The other instance knows how far it got, takes the rest and finishes it.
    const head = await fetch(base.b + location, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('2500');
    const rest = await fetch(base.b + location, {
      method: 'PATCH',
      headers: {
        ...headers,
        'upload-offset': '2500',
        'content-type': 'application/offset+octet-stream',
      },
      body: data.subarray(2500),
    });
    expect(rest.status, await rest.clone().text()).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe('6000');

    // The first instance sees it whole and makes the entry of it.
    const finished = await fetch(base.a + location, { method: 'HEAD', headers });
    expect(finished.headers.get('upload-offset')).toBe('6000');
    const entry = await client.post('/api/v1/tus/entries', { uploadKey: location });
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json().fileEntry).toMatchObject({ mime: 'application/pdf', size: 6000 });
    const stored = await client.get(entry.json().fileEntry.url);
    expect(stored.rawPayload.equals(data)).toBe(true);

    // Gone on both, once it became the entry.
    for (const url of [base.a, base.b]) {
      const after = await fetch(url + location, { method: 'HEAD', headers });
      expect(after.status).toBe(404);
    }
  });
});
