import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { FREE_SPACE } from '../../seed.js';
import { signedInUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

async function setSettings(values: Record<string, unknown>) {
  await t.app.services.settings.update(values);
}

async function formUpload(
  client: TestClient,
  data: Buffer,
  options: { filename?: string; type?: string; fields?: Record<string, string> } = {},
) {
  const { body, headers } = multipartFile(data, options);
  return client.request('POST', '/api/v1/file-entries', body, { headers });
}

/** A real HTTP request as a browser's tus client sends it: the session and XSRF echo included. */
async function send(
  client: TestClient,
  method: string,
  url: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: Buffer } = {},
) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return fetch(base + url, {
    method,
    headers: {
      cookie,
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
      ...headers,
    },
    ...(body ? { body } : {}),
  });
}

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function createTusUpload(client: TestClient, size: number, name = 'song.bin', extra = {}) {
  return send(client, 'POST', '/api/v1/tus/upload', {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': tusMetadata({
        name,
        clientName: name,
        clientMime: 'audio/mpeg',
        ...extra,
      }),
    },
  });
}

/** PATCH as tus-js-client sends it with overridePatchMethod: a POST with the override header. */
const patch = (client: TestClient, location: string, offset: number, chunk: Buffer) =>
  send(client, 'POST', location, {
    headers: {
      'tus-resumable': '1.0.0',
      'x-http-method-override': 'PATCH',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: chunk,
  });

const head = (client: TestClient, location: string) =>
  send(client, 'HEAD', location, { headers: { 'tus-resumable': '1.0.0' } });

describe('form uploads', () => {
  it('stores a file as an entry of its real type and serves it back with ranges', async () => {
    const { client } = await signedInUser(t.app);
    const image = await png();
    const response = await formUpload(client, image, {
      filename: 'cover.png',
      type: 'image/png',
      fields: {
        clientMime: 'image/png',
        clientExtension: 'png',
        metadata: '{"relativePath":"art/cover.png"}',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { fileEntry } = response.json();
    expect(fileEntry).toMatchObject({
      name: 'cover.png',
      mime: 'image/png',
      extension: 'png',
      size: image.length,
      disk: 'local',
    });
    expect(fileEntry.file_name).not.toContain('cover');

    const download = await client.get(fileEntry.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="cover.png"; filename*=UTF-8''cover.png`,
    );
    expect(download.rawPayload.equals(image)).toBe(true);
    const part = await client.get(fileEntry.url, { headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${image.length}`);
    expect(part.rawPayload.equals(image.subarray(0, 4))).toBe(true);
    const attachment = await client.get(`${fileEntry.url}?download=1`);
    expect(attachment.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('judges the type by the content, not by what the client says', async () => {
    const { client } = await signedInUser(t.app);
    await setSettings({ 'uploads.allowed_types': ['image/*'] });
    try {
      const lie = await formUpload(client, Buffer.from('just some text, not a picture'), {
        filename: 'photo.png',
        type: 'image/png',
        fields: { clientMime: 'image/png' },
      });
      expect(lie.statusCode).toBe(422);
      expect(lie.json().errors.file).toBe('This file type is not allowed');
      expect((await formUpload(client, await png(), { filename: 'real.png' })).statusCode).toBe(
        200,
      );
    } finally {
      await setSettings({ 'uploads.allowed_types': [] });
    }
  });

  it('refuses blocked types and files over the maximum size, with the spec’s messages', async () => {
    const { client } = await signedInUser(t.app);
    await setSettings({ 'uploads.blocked_types': ['.exe'], 'uploads.max_size': 900 });
    try {
      const blocked = await formUpload(client, Buffer.from([0x01, 0x02, 0x00, 0x03]), {
        filename: 'tool.exe',
      });
      expect(blocked.json().errors.file).toBe('This file type is not allowed');
      const large = await formUpload(client, Buffer.alloc(5000, 1), { filename: 'big.bin' });
      expect(large.statusCode).toBe(422);
      expect(large.json().errors.file).toBe('`big.bin` exceeds maximum allowed size of 900 B');
      expect(fs.readdirSync(path.join(t.config.dataDir, 'tmp', 'uploads'))).toEqual([]);
    } finally {
      await setSettings({ 'uploads.blocked_types': [], 'uploads.max_size': 50 * 1024 * 1024 });
    }
  });

  it('keeps uploads within the plan’s space, offering the plans', async () => {
    const { client } = await signedInUser(t.app);
    await t.app.services.permissions.grant('users', 'files.create', [
      { name: 'space', value: 100 },
    ]);
    try {
      expect((await formUpload(client, Buffer.alloc(60, 7))).statusCode).toBe(200);
      const over = await formUpload(client, Buffer.alloc(60, 7));
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toMatch(/does not fit in your 100 B of storage/);
      expect(over.json().action).toEqual({ label: 'See plans', action: '/pricing' });
    } finally {
      await t.app.services.permissions.grant('users', 'files.create', [
        { name: 'space', value: FREE_SPACE },
      ]);
    }
  });

  it('shows and deletes an entry for its owner only', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const { fileEntry } = (
      await formUpload(owner.client, Buffer.from('lyrics'), { filename: 'a.txt' })
    ).json();
    expect((await other.client.get(fileEntry.url)).statusCode).toBe(404);
    const refused = await other.client.post('/api/v1/file-entries/delete', {
      entryIds: [fileEntry.id],
      deleteForever: true,
    });
    expect(refused.statusCode).toBe(404);
    expect((await owner.client.get(fileEntry.url)).statusCode).toBe(200);

    expect(
      (await owner.client.post('/api/v1/file-entries/delete', { entryIds: [fileEntry.id] }))
        .statusCode,
    ).toBe(200);
    expect((await owner.client.get(fileEntry.url)).statusCode).toBe(404);
    const stored = path.join(t.config.dataDir, 'files', ...fileEntry.url.split('/').slice(0, 0));
    expect(stored).toBeTruthy();
    expect(
      (
        await owner.client.post('/api/v1/file-entries/delete', {
          entryIds: [fileEntry.id],
          deleteForever: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      await t.app.services.db.kysely
        .selectFrom('file_entries')
        .where('id', '=', fileEntry.id)
        .selectAll()
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('answers 404, not a server error, for an entry whose file is gone from storage', async () => {
    const owner = await signedInUser(t.app);
    const { fileEntry } = (
      await formUpload(owner.client, Buffer.from('lost lyrics'), { filename: 'lost.txt' })
    ).json();
    const { path: key } = await t.app.services.db.kysely
      .selectFrom('file_entries')
      .where('id', '=', fileEntry.id)
      .select('path')
      .executeTakeFirstOrThrow();
    fs.rmSync(path.join(t.config.dataDir, 'files', ...key.split('/')));
    for (const headers of [{}, { range: 'bytes=0-3' }] as Record<string, string>[]) {
      const answer = await owner.client.get(fileEntry.url, { headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('This file is no longer in storage.');
    }
  });

  it('lists the user’s own files, or the active workspace’s, newest first', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    await formUpload(owner.client, Buffer.from('one'), { filename: 'one.txt' });
    await formUpload(owner.client, Buffer.from('two'), { filename: 'two.txt' });
    await formUpload(other.client, Buffer.from('theirs'), { filename: 'theirs.txt' });
    const names = async (client: TestClient, query = '') =>
      (await client.get(`/api/v1/file-entries${query}`))
        .json()
        .pagination.data.map((entry: { name: string }) => entry.name);
    expect(await names(owner.client)).toEqual(['two.txt', 'one.txt']);

    const { workspace } = (await owner.client.post('/api/v1/workspace', { name: 'Label' })).json();
    const shared = multipartFile(Buffer.from('shared'), { filename: 'shared.txt' });
    await owner.client.request(
      'POST',
      `/api/v1/file-entries?workspaceId=${workspace.id}`,
      shared.body,
      {
        headers: shared.headers,
      },
    );
    expect(await names(owner.client, `?workspaceId=${workspace.id}`)).toEqual(['shared.txt']);
    expect(await names(owner.client)).toEqual(['two.txt', 'one.txt']);
    expect(
      (await other.client.get(`/api/v1/file-entries?workspaceId=${workspace.id}`)).statusCode,
    ).toBe(403);
  });

  it('needs a signed-in user and a file', async () => {
    const { client } = await signedInUser(t.app);
    expect((await client.post('/api/v1/file-entries', {})).statusCode).toBe(422);
    const guest = await fetch(`${base}/api/v1/file-entries/1`);
    expect(guest.status).toBe(401);
  });
});

describe('resumable uploads (tus 1.0)', () => {
  it('creates, resumes from the offset, finishes and becomes the uploader’s entry', async () => {
    const { client } = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const data = Buffer.alloc(300_000, 9);
    const created = await createTusUpload(client, data.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/v1\/tus\/upload\/[\w-]+$/);
    const id = location.split('/').pop()!;

    const first = await patch(client, location, 0, data.subarray(0, 100_000));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe('100000');
    expect((await head(client, location)).headers.get('upload-offset')).toBe('100000');

    // A chunk sent for the wrong offset conflicts.
    expect((await patch(client, location, 5, data.subarray(5, 10))).status).toBe(409);
    // Another user's upload is not found, and cannot be finished by them.
    expect((await head(other.client, location)).status).toBe(404);
    expect((await other.client.post('/api/v1/tus/entries', { uploadKey: id })).statusCode).toBe(
      404,
    );
    // Not yet complete.
    expect((await client.post('/api/v1/tus/entries', { uploadKey: id })).statusCode).toBe(409);

    expect(
      (await patch(client, location, 100_000, data.subarray(100_000))).headers.get('upload-offset'),
    ).toBe('300000');
    const entry = await client.post('/api/v1/tus/entries', { uploadKey: location });
    expect(entry.statusCode, entry.body).toBe(200);
    // Tabs claimed to be audio: the entry says what the bytes are.
    expect(entry.json().fileEntry).toMatchObject({
      name: 'song.bin',
      size: 300_000,
      mime: 'text/plain',
    });
    const stored = await client.get(entry.json().fileEntry.url);
    expect(stored.rawPayload.equals(data)).toBe(true);
    // The upload is spent.
    expect((await client.post('/api/v1/tus/entries', { uploadKey: id })).statusCode).toBe(404);
  });

  it('takes the first chunk with the creation request, and terminates with 204', async () => {
    const { client } = await signedInUser(t.app);
    const created = await send(client, 'POST', '/api/v1/tus/upload', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': tusMetadata({ clientName: 'notes.txt' }),
        'content-type': 'application/offset+octet-stream',
      },
      body: Buffer.from('hello'),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-offset')).toBe('5');
    const location = created.headers.get('location')!;
    const ended = await send(client, 'POST', location, {
      headers: { 'tus-resumable': '1.0.0', 'x-http-method-override': 'DELETE' },
    });
    expect(ended.status).toBe(204);
    expect((await head(client, location)).status).toBe(404);
  });

  it('answers a missing Tus-Resumable, too large a file and a bad name clearly', async () => {
    const { client } = await signedInUser(t.app);
    const noVersion = await send(client, 'POST', '/api/v1/tus/upload', {
      headers: { 'upload-length': '10', 'upload-metadata': tusMetadata({ clientName: 'a.bin' }) },
    });
    expect(noVersion.status).toBe(412);
    const tooLarge = await send(client, 'POST', '/api/v1/tus/upload', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(60 * 1024 * 1024),
        'upload-metadata': tusMetadata({ clientName: 'huge.bin' }),
      },
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { errors: { file: string } }).errors.file).toBe(
      '`huge.bin` exceeds maximum allowed size of 50 MB',
    );
    for (const name of ['../../etc/passwd', 'nul\u0000.txt']) {
      const bad = await createTusUpload(client, 10, name);
      expect(bad.status).toBe(422);
    }
    const badPath = await createTusUpload(client, 10, 'ok.txt', {
      relativePath: 'music/../../secret',
    });
    expect(badPath.status).toBe(422);
  });

  it('answers 423 while another request holds the upload, and goes on once it is free', async () => {
    const { client } = await signedInUser(t.app);
    const location = (await createTusUpload(client, 20)).headers.get('location')!;
    const id = location.split('/').pop()!;
    // A request that holds the upload and does not let go (a stuck connection).
    const held = (await t.app.services.uploads.tus.loaded()).locker.newLock(id);
    await held.lock(new AbortController().signal, async () => {});
    const locked = await patch(client, location, 0, Buffer.from('0123456789'));
    expect(locked.status).toBe(423);
    expect(await locked.text()).toBe('upload is currently locked; retry later\n');
    await held.unlock();
    expect((await patch(client, location, 0, Buffer.from('0123456789'))).status).toBe(204);
  });

  it('refuses resumable uploads when they are turned off', async () => {
    const { client } = await signedInUser(t.app);
    await setSettings({ 'uploads.disable_tus': true });
    try {
      expect((await createTusUpload(client, 10)).status).toBe(403);
    } finally {
      await setSettings({ 'uploads.disable_tus': false });
    }
  });

  it('deletes unfinished uploads once they expire', async () => {
    const { client } = await signedInUser(t.app);
    const location = (await createTusUpload(client, 1000)).headers.get('location')!;
    await patch(client, location, 0, Buffer.alloc(10));
    expect(await t.app.services.uploads.cleanUp()).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 24 * 3_600_000 });
    try {
      expect(await t.app.services.uploads.cleanUp()).toBeGreaterThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
    expect((await head(client, location)).status).toBe(404);
  });
});

describe('resumable uploads and their owner', () => {
  it('acts only on the upload the path names, whatever the query string says', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const location = (await createTusUpload(owner.client, 20)).headers.get('location')!;
    const id = location.split('/').pop()!;
    const sneaky = `/api/v1/tus/upload?x=/${id}`;
    expect((await head(other.client, sneaky)).status).toBe(404);
    expect((await patch(other.client, sneaky, 0, Buffer.from('not yours'))).status).toBe(404);
    const deleted = await send(other.client, 'POST', sneaky, {
      headers: { 'tus-resumable': '1.0.0', 'x-http-method-override': 'DELETE' },
    });
    expect(deleted.status).toBe(404);
    // Their own upload in the path, the owner's in the query: the path's is the one written.
    const theirs = (await createTusUpload(other.client, 20)).headers.get('location')!;
    const written = await patch(other.client, `${theirs}?x=/${id}`, 0, Buffer.from('mine'));
    expect(written.status).toBe(204);
    expect((await head(other.client, theirs)).headers.get('upload-offset')).toBe('4');
    const untouched = await head(owner.client, location);
    expect(untouched.status).toBe(200);
    expect(untouched.headers.get('upload-offset')).toBe('0');
  });

  it('ignores an upload id a client sends in the server’s own header', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const location = (await createTusUpload(owner.client, 20)).headers.get('location')!;
    const forged = await send(other.client, 'HEAD', '/api/v1/tus/upload', {
      headers: { 'tus-resumable': '1.0.0', 'x-cadenza-upload-id': location.split('/').pop()! },
    });
    expect(forged.status).toBe(404);
  });
});

describe('unfinished resumable uploads and the storage space', () => {
  const withSpace = async (space: number | undefined, run: () => Promise<void>) => {
    await t.app.services.permissions.grant(
      'users',
      'files.create',
      space === undefined ? [] : [{ name: 'space', value: space }],
    );
    try {
      await run();
    } finally {
      await t.app.services.permissions.grant('users', 'files.create', [
        { name: 'space', value: FREE_SPACE },
      ]);
    }
  };
  const cancel = (client: TestClient, location: string) =>
    send(client, 'POST', location, {
      headers: { 'tus-resumable': '1.0.0', 'x-http-method-override': 'DELETE' },
    });

  it('counts the length each unfinished upload declared, until it is cancelled', async () => {
    await withSpace(100_000, async () => {
      const { client } = await signedInUser(t.app);
      const first = await createTusUpload(client, 90_000);
      expect(first.status).toBe(201);
      const second = await createTusUpload(client, 90_000);
      expect(second.status).toBe(403);
      expect(((await second.json()) as { message: string }).message).toBe(
        'This file does not fit in your 97.7 KB of storage: an unfinished upload holds 87.9 KB of it until finished or cancelled. Finish or cancel uploads, delete files or upgrade your plan for more space.',
      );
      // A form upload meets the same space.
      expect((await formUpload(client, Buffer.alloc(20_000, 7))).statusCode).toBe(403);
      expect((await cancel(client, first.headers.get('location')!)).status).toBe(204);
      expect((await createTusUpload(client, 90_000)).status).toBe(201);
    });
  });

  it('counts a finished upload once, as the file it became', async () => {
    await withSpace(100_000, async () => {
      const { client } = await signedInUser(t.app);
      const location = (await createTusUpload(client, 50_000)).headers.get('location')!;
      await patch(client, location, 0, Buffer.alloc(50_000, 9));
      const entry = await client.post('/api/v1/tus/entries', { uploadKey: location });
      expect(entry.statusCode, entry.body).toBe(200);
      expect((await createTusUpload(client, 40_000)).status).toBe(201);
    });
  });

  it('keeps at most 20 unfinished uploads per user, and says so', async () => {
    await withSpace(undefined, async () => {
      const { client } = await signedInUser(t.app);
      for (let index = 0; index < 20; index++) {
        expect((await createTusUpload(client, 10)).status).toBe(201);
      }
      const refused = await createTusUpload(client, 10);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'You have 20 unfinished uploads, the most one account may have at once (20). Finish or cancel one of them before starting another.',
      );
    });
  });

  it('stops counting an upload the tus server refused to create', async () => {
    await withSpace(100_000, async () => {
      const { client } = await signedInUser(t.app);
      const noVersion = await send(client, 'POST', '/api/v1/tus/upload', {
        headers: {
          'upload-length': '90000',
          'upload-metadata': tusMetadata({ clientName: 'a.bin' }),
        },
      });
      expect(noVersion.status).toBe(412);
      expect((await createTusUpload(client, 90_000)).status).toBe(201);
    });
  });

  it('stops counting uploads that expired', async () => {
    await withSpace(100_000, async () => {
      const { client } = await signedInUser(t.app);
      expect((await createTusUpload(client, 90_000)).status).toBe(201);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 24 * 3_600_000 });
      try {
        await t.app.services.uploads.cleanUp();
      } finally {
        vi.useRealTimers();
      }
      expect((await createTusUpload(client, 90_000)).status).toBe(201);
    });
  });
});

describe('what a file is, and what it is called', () => {
  it('allows a type by what the file is, not by its name', async () => {
    const { client } = await signedInUser(t.app);
    await setSettings({ 'uploads.allowed_types': ['png'] });
    try {
      const text = await formUpload(client, Buffer.from('just some text'), { filename: 'x.png' });
      expect(text.statusCode).toBe(422);
      expect(text.json().errors.file).toBe('This file type is not allowed');
      const image = await formUpload(client, await png(), { filename: 'x.png' });
      expect(image.statusCode, image.body).toBe(200);
    } finally {
      await setSettings({ 'uploads.allowed_types': [] });
    }
  });

  it('cleans direction overrides and invisible characters from names, however they arrive', async () => {
    const { client } = await signedInUser(t.app);
    const name = '\u200Binvoice\u202Etxt.exe\u200F.txt';
    const form = await formUpload(client, Buffer.from('hello'), { filename: name });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().fileEntry.name).toBe('invoicetxt.exe.txt');

    const location = (await createTusUpload(client, 5, name)).headers.get('location')!;
    await patch(client, location, 0, Buffer.from('hello'));
    const resumable = await client.post('/api/v1/tus/entries', { uploadKey: location });
    expect(resumable.statusCode, resumable.body).toBe(200);
    expect(resumable.json().fileEntry.name).toBe('invoicetxt.exe.txt');
  });
});

describe('resumable upload metadata (spec §7)', () => {
  it('honours disk and parentId: the folder is checked before any byte, and kept', async () => {
    const { client } = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const folder = (await formUpload(client, Buffer.from('x'), { filename: 'folder.txt' })).json()
      .fileEntry;
    const theirs = await createTusUpload(other.client, 5, 'a.txt', { parentId: String(folder.id) });
    expect(theirs.status).toBe(404);
    const wrongDisk = await createTusUpload(client, 5, 'a.txt', { disk: 'public' });
    expect(wrongDisk.status).toBe(422);
    expect(((await wrongDisk.json()) as { errors: { disk: string } }).errors.disk).toBe(
      'Files are uploaded to the "uploads" disk.',
    );
    const created = await createTusUpload(client, 5, 'a.txt', {
      disk: 'uploads',
      parentId: String(folder.id),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    await patch(client, location, 0, Buffer.from('hello'));
    const entry = await client.post('/api/v1/tus/entries', { uploadKey: location });
    expect(entry.json().fileEntry.parent_id).toBe(folder.id);
  });
});

describe('direct uploads on the local disk', () => {
  it('cannot be switched on, and say so to clients that try', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const refused = await admin.post('/api/v1/settings', { 'uploads.direct_upload': true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['uploads.direct_upload']).toBe(
      'Direct uploads need S3-compatible storage (S3_BUCKET and its keys); on the local disk, files go through the server.',
    );
    expect(await t.app.services.settings.get('uploads.direct_upload')).toBe(false);

    const { client } = await signedInUser(t.app);
    const presign = await client.post('/api/v1/s3/simple/presign', { filename: 'a.pdf', size: 10 });
    expect(presign.statusCode).toBe(403);
    expect(presign.json().errors.disk).toMatch(/^Direct uploads need S3-compatible storage/);
  });
});

describe('a server restart in the middle of an upload', () => {
  it('resumes from where the upload was', async () => {
    const first = await createTestApp();
    let app: FastifyInstance = first.app;
    try {
      base = await app.listen({ port: 0, host: '127.0.0.1' });
      const { client } = await signedInUser(app);
      const data = Buffer.alloc(200_000, 3);
      const location = (await createTusUpload(client, data.length)).headers.get('location')!;
      await patch(client, location, 0, data.subarray(0, 120_000));
      await app.close();

      app = await buildApp(first.config, { db: first.db, announce: () => {} });
      base = await app.listen({ port: 0, host: '127.0.0.1' });
      expect((await head(client, location)).headers.get('upload-offset')).toBe('120000');
      await patch(client, location, 120_000, data.subarray(120_000));
      const entry = await send(client, 'POST', '/api/v1/tus/entries', {
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ uploadKey: location })),
      });
      expect(entry.status).toBe(200);
      expect(((await entry.json()) as { fileEntry: { size: number } }).fileEntry.size).toBe(
        200_000,
      );
    } finally {
      await app.close();
      await first.db.destroy();
      fs.rmSync(first.config.dataDir, { recursive: true, force: true });
      base = t.app.server.address()
        ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
        : base;
    }
  });
});
