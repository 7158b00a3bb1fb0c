import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../test/factories.js';
import { multipartFile } from '../test/multipart.js';
import { startS3Standin, type S3Standin } from '../test/s3-standin.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { TestClient } from '../test/test-client.js';
import { startPostgres, type PostgresServer } from '../test/postgres-server.js';
import { figuresOf, isOtherError, report, sendTusCreation, Traffic } from './fault-traffic.js';

/** How long the storage server is away: shorter than the outages, enough for each kind. */
const OUTAGE_MS = 3_000;
const STORAGE_UNREACHABLE =
  'The service cannot reach its file storage. Try again in a few seconds.';

describe.each(['sqlite', 'postgres'] as const)(
  'the S3 server going away, then coming back (%s)',
  (dialect) => {
    /** A PostgreSQL of the test's own; none on SQLite. */
    let postgres: PostgresServer | undefined;
    let s3: S3Standin;
    let t: TestApp;
    let client: TestClient;
    let base: string;

    beforeAll(async () => {
      s3 = await startS3Standin();
      if (dialect === 'postgres') postgres = await startPostgres();
      t = await createTestApp(s3.env, { postgresUrl: postgres?.url });
      client = (await signedInUser(t.app)).client;
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    afterAll(async () => {
      await t?.close();
      await s3?.close();
      await postgres?.stop();
    });

    const pdfLike = (size: number) => {
      const data = Buffer.alloc(size, 0x20);
      Buffer.from('%PDF-1.4\n').copy(data);
      return data;
    };

    function formUpload(name: string) {
      const { body, headers } = multipartFile(pdfLike(2000), { filename: name });
      return client.request('POST', '/api/v1/file-entries', body, { headers });
    }

    /** A small file sent whole in its tus creation request, then made an entry of. */
    async function tusUpload(name: string) {
      const created = await tusCreation(name);
      if (created.statusCode !== 201) return created;
      return client.post('/api/v1/tus/entries', { uploadKey: created.headers.location });
    }

    const tusCreation = (name: string) => sendTusCreation(base, client, name, pdfLike(3000));

    it('refuses uploads and reads clearly, stores nothing half-way and heals by itself', async () => {
      const stored = await formUpload('before.pdf');
      expect(stored.statusCode, stored.body).toBe(200);
      const storedUrl = stored.json().fileEntry.url as string;

      const traffic = new Traffic(8_000);
      let sequence = 0;
      traffic.loop('upload', () => formUpload(`form-${++sequence}.pdf`), 100);
      traffic.loop('tus', () => tusUpload(`tus-${++sequence}.pdf`), 100);
      traffic.loop('read', () => client.get(storedUrl, { headers: { range: 'bytes=0-7' } }), 50);

      await new Promise((resolve) => setTimeout(resolve, 500));
      const from = traffic.now();
      await s3.halt();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
      // Operators see which part is missing; clients are told to come back.
      const ready = await client.get('/api/v1/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks).toMatchObject({ storage: 'error', database: 'ok' });
      const refused = await formUpload('refused.pdf');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().message).toBe(STORAGE_UNREACHABLE);
      const unread = await client.get(storedUrl);
      expect(unread.statusCode).toBe(503);
      expect(unread.json().message).toBe(STORAGE_UNREACHABLE);
      const tusRefused = await tusCreation('refused.pdf');
      expect(tusRefused.statusCode).toBe(503);
      expect(tusRefused.headers['retry-after']).toBe('5');
      expect(tusRefused.body).toContain(STORAGE_UNREACHABLE);
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
      await s3.resume();
      const to = traffic.now();

      await traffic.untilBack(['upload', 'tus', 'read'], to, 10_000);
      await traffic.stop();
      expect((await client.get('/api/v1/health/ready')).statusCode).toBe(200);

      // Every file entry names an object that is in the bucket.
      const entries = await t.db.kysely
        .selectFrom('file_entries')
        .select(['name', 'path'])
        .where('disk', '=', 's3')
        .execute();
      const objects = new Set(s3.objects());
      const pointingNowhere = entries.filter((entry) => !objects.has(entry.path ?? ''));

      const figures = figuresOf(
        `s3-stopped-${dialect}`,
        traffic.answers,
        { from, to },
        pointingNowhere.length,
      );
      report(figures);
      expect(traffic.answers.filter(isOtherError)).toEqual([]);
      expect(figures.unavailable).toBeGreaterThan(0);
      expect(figures.recoverySeconds).toBeLessThan(5);
      expect(pointingNowhere).toEqual([]);
      expect(entries.length).toBeGreaterThan(1);
    });
  },
);
