import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { startS3Standin, type S3Standin } from '../../test/s3-standin.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestClient } from '../../test/test-client.js';

/*
 * Uploads on S3-compatible storage, against a real S3 server (s3rver) the test starts: the
 * browser's part is played by fetch, sending to the URLs the app signs.
 */

let s3: S3Standin;
let t: TestApp;
const MB = 1024 * 1024;

beforeAll(async () => {
  s3 = await startS3Standin();
  t = await createTestApp(s3.env);
  await t.app.services.settings.update({
    'uploads.direct_upload': true,
    'uploads.max_size': 200 * MB,
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const pdfLike = (size: number) => {
  const data = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n').copy(data);
  return data;
};

async function presign(client: TestClient, data: Buffer, filename = 'score.pdf') {
  const response = await client.post('/api/v1/s3/simple/presign', {
    filename,
    mime: 'application/pdf',
    size: data.length,
    extension: 'pdf',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string; key: string; acl: string };
}

const entryOf = (client: TestClient, key: string, size: number, clientName = 'score.pdf') =>
  client.post('/api/v1/s3/entries', {
    filename: key,
    size,
    clientName,
    clientMime: 'application/pdf',
    clientExtension: 'pdf',
  });

describe('files on S3-compatible storage', () => {
  it('stores form uploads in the bucket and serves them back', async () => {
    const { client } = await signedInUser(t.app);
    const { body, headers } = multipartFile(pdfLike(2000), { filename: 'notes.pdf' });
    const response = await client.request('POST', '/api/v1/file-entries', body, { headers });
    expect(response.statusCode, response.body).toBe(200);
    const { fileEntry } = response.json();
    expect(fileEntry).toMatchObject({ disk: 's3', mime: 'application/pdf', size: 2000 });
    const download = await client.get(fileEntry.url, { headers: { range: 'bytes=0-7' } });
    expect(download.statusCode).toBe(206);
    expect(download.body).toBe('%PDF-1.4');
  });

  it('uploads straight to the bucket with a signed URL, and checks what arrived', async () => {
    const { client } = await signedInUser(t.app);
    const data = pdfLike(5000);
    const { url, key, acl } = await presign(client, data);
    expect(acl).toBe('private');
    expect(url).toContain(s3.url);
    const put = await fetch(url, {
      method: 'PUT',
      body: data,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);

    const other = await signedInUser(t.app);
    expect((await entryOf(other.client, key, data.length)).statusCode).toBe(404);
    const entry = await entryOf(client, key, data.length);
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json().fileEntry).toMatchObject({
      name: 'score.pdf',
      mime: 'application/pdf',
      size: 5000,
      disk: 's3',
    });
    expect(s3.objects()).not.toContain(key);
  });

  it('deletes an object that is not the size declared', async () => {
    const { client } = await signedInUser(t.app);
    const { url, key } = await presign(client, pdfLike(5000));
    await fetch(url, {
      method: 'PUT',
      body: pdfLike(100),
      headers: { 'content-type': 'application/pdf' },
    });
    const entry = await entryOf(client, key, 5000);
    expect(entry.statusCode).toBe(422);
    expect(s3.objects()).not.toContain(key);
  });

  it('uploads a large file in parts signed in batches, for its uploader only', async () => {
    const { client } = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const partSize = 5 * MB;
    const data = pdfLike(2 * partSize + 1234);
    const created = await client.post('/api/v1/s3/multipart/create', {
      filename: 'album.pdf',
      mime: 'application/pdf',
      size: data.length,
      extension: 'pdf',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { uploadId, key } = created.json();

    const refused = await other.client.post('/api/v1/s3/multipart/batch-sign-part-urls', {
      key,
      uploadId,
      partNumbers: [1],
    });
    expect(refused.statusCode).toBe(404);
    const tooMany = await client.post('/api/v1/s3/multipart/batch-sign-part-urls', {
      key,
      uploadId,
      partNumbers: Array.from({ length: 11 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(422);

    const signed = await client.post('/api/v1/s3/multipart/batch-sign-part-urls', {
      key,
      uploadId,
      partNumbers: [1, 2, 3],
    });
    const { urls } = signed.json() as { urls: { partNumber: number; url: string }[] };
    const parts = [];
    for (const { partNumber, url } of urls) {
      const chunk = data.subarray((partNumber - 1) * partSize, partNumber * partSize);
      const put = await fetch(url, { method: 'PUT', body: chunk });
      expect(put.status).toBe(200);
      parts.push({ PartNumber: partNumber, ETag: put.headers.get('etag')! });
    }
    const uploaded = await client.post('/api/v1/s3/multipart/get-uploaded-parts', {
      key,
      uploadId,
    });
    expect(
      uploaded
        .json()
        .parts.map((part: { PartNumber: number; Size: number }) => [part.PartNumber, part.Size]),
    ).toEqual([
      [1, partSize],
      [2, partSize],
      [3, 1234],
    ]);
    const completed = await client.post('/api/v1/s3/multipart/complete', { key, uploadId, parts });
    expect(completed.statusCode, completed.body).toBe(200);
    const entry = await entryOf(client, key, data.length, 'album.pdf');
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json().fileEntry.size).toBe(data.length);
    const tail = await client.get(entry.json().fileEntry.url, {
      headers: { range: `bytes=${data.length - 4}-` },
    });
    expect(tail.rawPayload.equals(data.subarray(-4))).toBe(true);
  });

  it('refuses parts that do not add up to the declared size, and aborts', async () => {
    const { client } = await signedInUser(t.app);
    const created = await client.post('/api/v1/s3/multipart/create', {
      filename: 'short.pdf',
      mime: 'application/pdf',
      size: 10 * MB,
    });
    const { uploadId, key } = created.json();
    const { urls } = (
      await client.post('/api/v1/s3/multipart/batch-sign-part-urls', {
        key,
        uploadId,
        partNumbers: [1],
      })
    ).json();
    const put = await fetch(urls[0].url, { method: 'PUT', body: pdfLike(1000) });
    const completed = await client.post('/api/v1/s3/multipart/complete', {
      key,
      uploadId,
      parts: [{ PartNumber: 1, ETag: put.headers.get('etag') }],
    });
    expect(completed.statusCode).toBe(422);
    expect(s3.objects()).not.toContain(key);

    const second = (
      await client.post('/api/v1/s3/multipart/create', { filename: 'x.pdf', size: 100 })
    ).json();
    const { urls: secondUrls } = (
      await client.post('/api/v1/s3/multipart/batch-sign-part-urls', {
        ...second,
        partNumbers: [1],
      })
    ).json();
    await fetch(secondUrls[0].url, { method: 'PUT', body: pdfLike(100) });
    expect((await client.post('/api/v1/s3/multipart/abort', second)).statusCode).toBe(200);
    expect(fs.readdirSync(path.join(s3.directory, s3.bucket, '._S3rver_uploads'))).toEqual([]);
    expect((await client.post('/api/v1/s3/multipart/get-uploaded-parts', second)).statusCode).toBe(
      404,
    );
  });

  it('keeps resumable uploads in the bucket, and makes an entry of them', async () => {
    const { client } = await signedInUser(t.app);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers = {
      cookie,
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
      'tus-resumable': '1.0.0',
    };
    const data = pdfLike(3000);
    const created = await fetch(`${base}/api/v1/tus/upload`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(data.length),
        'upload-metadata': `clientName ${Buffer.from('part.pdf').toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: data,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(created.headers.get('upload-offset')).toBe('3000');
    const location = created.headers.get('location')!;
    const head = await fetch(base + location, { method: 'HEAD', headers });
    expect(head.headers.get('upload-offset')).toBe('3000');

    const entry = await client.post('/api/v1/tus/entries', { uploadKey: location });
    expect(entry.statusCode, entry.body).toBe(200);
    expect(entry.json().fileEntry).toMatchObject({
      disk: 's3',
      mime: 'application/pdf',
      size: 3000,
    });
    const stored = await client.get(entry.json().fileEntry.url);
    expect(stored.rawPayload.equals(data)).toBe(true);
    // The resumable upload's own objects are gone; only the entry's file stays.
    const id = location.split('/').pop()!;
    expect(s3.objects().filter((key) => key.startsWith(id))).toEqual([]);
  });

  it('aborts and deletes direct uploads not finished in a day', async () => {
    const { client } = await signedInUser(t.app);
    const started = (
      await client.post('/api/v1/s3/multipart/create', { filename: 'left.pdf', size: 100 })
    ).json();
    const { url, key } = await presign(client, pdfLike(100), 'left-too.pdf');
    await fetch(url, {
      method: 'PUT',
      body: pdfLike(100),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(s3.objects()).toContain(key);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3_600_000 });
    try {
      expect(await t.app.services.uploads.direct.cleanUpExpired()).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
    expect(s3.objects()).not.toContain(key);
    expect((await client.post('/api/v1/s3/multipart/get-uploaded-parts', started)).statusCode).toBe(
      404,
    );
    expect((await entryOf(client, key, 100, 'left-too.pdf')).statusCode).toBe(404);
  });

  it('is refused while direct upload is off', async () => {
    const { client } = await signedInUser(t.app);
    await t.app.services.settings.update({ 'uploads.direct_upload': false });
    try {
      const response = await client.post('/api/v1/s3/simple/presign', {
        filename: 'a.pdf',
        size: 10,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Direct uploads are turned off.');
    } finally {
      await t.app.services.settings.update({ 'uploads.direct_upload': true });
    }
  });
});
