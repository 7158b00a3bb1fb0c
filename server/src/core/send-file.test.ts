import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, sendFile, type ByteRange } from './send-file.js';

const bytes = Buffer.from('0123456789abcdefghij');
const etag = '"v2"';
// Changed well before the second a client could ask in.
const lastModified = new Date('2026-01-02T03:04:05Z');
const reads: (ByteRange | undefined)[] = [];

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.get('/file', async (request, reply) => {
    const { name, kind } = request.query as { name?: string; kind?: 'inline' | 'attachment' };
    await sendFile(request, reply, {
      size: bytes.length,
      etag,
      lastModified,
      type: 'audio/flac',
      cacheControl: 'private, max-age=60',
      ...(name ? { disposition: { kind: kind ?? 'attachment', filename: name } } : {}),
      body: async (range) => {
        reads.push(range);
        // As a disk or object store answers: a stream of the bytes asked for.
        return Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]);
      },
    });
    return reply;
  });
  await app.ready();
});
afterAll(() => app.close());

const get = (headers: Record<string, string> = {}, query = '') =>
  app.inject({ method: 'GET', url: `/file${query}`, headers });

describe('sendFile', () => {
  it('sends the whole file with its type, length, validators and the caching asked for', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'audio/flac',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      etag,
      'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
      'cache-control': 'private, max-age=60',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it('sends one range as 206, reading only those bytes, and a suffix range too', async () => {
    reads.length = 0;
    const part = await get({ range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe(`bytes 2-5/${bytes.length}`);
    expect(part.headers['content-length']).toBe('4');
    expect(reads).toEqual([{ start: 2, end: 5 }]);

    const tail = await get({ range: 'bytes=-3' });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('hij');
    expect(tail.headers['content-range']).toBe(`bytes 17-19/${bytes.length}`);
  });

  it('answers 416 with the size for a range past the end, reading nothing', async () => {
    reads.length = 0;
    const response = await get({ range: 'bytes=20-' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(response.json()).toEqual({ message: 'The requested range is not satisfiable.' });
    expect(reads).toEqual([]);
  });

  it('answers 304 without a body to a matching If-None-Match, weak or in a list', async () => {
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await get({ 'if-none-match': tag });
      expect(response.statusCode, tag).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(etag);
    }
    expect((await get({ 'if-none-match': '"v1"' })).statusCode).toBe(200);
  });

  it('sends the range while If-Range still holds, and the whole file for a stale tag or date', async () => {
    const fresh = await get({ range: 'bytes=0-3', 'if-range': etag });
    expect(fresh.statusCode).toBe(206);
    expect(fresh.body).toBe('0123');
    const byDate = await get({ range: 'bytes=0-3', 'if-range': lastModified.toUTCString() });
    expect(byDate.statusCode).toBe(206);

    for (const stale of ['"v1"', `W/${etag}`, 'Thu, 01 Jan 2026 00:00:00 GMT']) {
      const whole = await get({ range: 'bytes=0-3', 'if-range': stale });
      expect(whole.statusCode, stale).toBe(200);
      expect(whole.rawPayload.equals(bytes), stale).toBe(true);
      expect(whole.headers['content-range'], stale).toBeUndefined();
    }
  });

  it('names the file inline or as an attachment, safely for any name', async () => {
    const inline = await get({}, '?kind=inline&name=cover.png');
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="cover.png"; filename*=UTF-8''cover.png`,
    );
    const name = 'Señor "Boss"\\\r\nSet-Cookie: x (live) it\'s*.flac';
    const attachment = await get({}, `?name=${encodeURIComponent(name)}`);
    const header = attachment.headers['content-disposition'] as string;
    expect(header).toBe(contentDisposition('attachment', name));
    expect(header).toBe(
      `attachment; filename="Se_or _Boss____Set-Cookie: x (live) it's*.flac"; ` +
        `filename*=UTF-8''Se%C3%B1or%20%22Boss%22%5C%0D%0ASet-Cookie%3A%20x%20%28live%29%20it%27s%2A.flac`,
    );
    expect(attachment.headers['set-cookie']).toBeUndefined();
  });
});
