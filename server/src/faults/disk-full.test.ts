import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3Tone } from '../modules/library/audio-factory.js';
import { multipartFile } from '../test/multipart.js';
import { createTestApp, signedInAdmin, type TestApp } from '../test/test-app.js';
import type { TestClient } from '../test/test-client.js';
import { report, sendTusCreation } from './fault-traffic.js';

const STORAGE_FULL =
  "The server's storage is full, so the file was not stored. Try again later, or tell the site's admin.";
/** The folders of DATA_DIR that uploads and imports write to, each a small file system here. */
const WRITTEN = ['tmp/uploads', 'files', 'tus', 'audio'];
const FILLER = '.filler';

let t: TestApp;
let admin: TestClient;
let base: string;
const mounted: string[] = [];

function mountSmall(folder: string) {
  fs.mkdirSync(folder, { recursive: true });
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', folder], {
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`this test mounts small file systems, which needs root: ${result.stderr}`);
  }
  mounted.push(folder);
}

/** Fills a folder's file system to the last byte. */
function fill(folder: string) {
  const file = fs.openSync(path.join(folder, FILLER), 'w');
  try {
    for (;;) fs.writeSync(file, Buffer.alloc(64 * 1024));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(file);
  }
}

/** What a folder holds beyond the filler, every level down. */
const leftIn = (folder: string) =>
  (fs.readdirSync(folder, { recursive: true }) as string[]).filter(
    (name) => name !== FILLER && fs.statSync(path.join(folder, name)).isFile(),
  );

beforeAll(async () => {
  t = await createTestApp();
  for (const folder of WRITTEN) mountSmall(path.join(t.config.dataDir, folder));
  admin = await signedInAdmin(t.app);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.app.close();
  for (const folder of mounted) spawnSync('umount', [folder]);
  await t?.close();
});

function formUpload(name: string, data: Buffer) {
  const { body, headers } = multipartFile(data, { filename: name });
  return admin.request('POST', '/api/v1/file-entries', body, { headers });
}

async function tusUpload(name: string, data: Buffer) {
  const { statusCode, body } = await sendTusCreation(base, admin, name, data);
  return { status: statusCode, body };
}

describe('the disk files are written to filling up', () => {
  it('refuses uploads and imports clearly, keeps the database working and leaves nothing half-written', async () => {
    const audio = mp3Tone(1);
    const forImport = await formUpload('Beacon.mp3', audio);
    expect(forImport.statusCode, forImport.body).toBe(200);
    const entryId = (forImport.json() as { fileEntry: { id: number } }).fileEntry.id;
    const tracksBefore = await t.db.kysely.selectFrom('tracks').select('id').execute();

    // Room to receive the file, none to keep it: the copy cut short leaves nothing behind.
    for (const folder of WRITTEN.slice(1)) fill(path.join(t.config.dataDir, folder));
    const notKept = await formUpload('big.mp3', Buffer.concat([audio, Buffer.alloc(200_000)]));
    expect(notKept.statusCode).toBe(507);
    expect(notKept.json().message).toBe(STORAGE_FULL);
    expect(leftIn(path.join(t.config.dataDir, 'files')).length).toBe(1);
    fill(path.join(t.config.dataDir, WRITTEN[0]!));

    const refused = await formUpload('big.mp3', Buffer.concat([audio, Buffer.alloc(200_000)]));
    expect(refused.statusCode).toBe(507);
    expect(refused.json().message).toBe(STORAGE_FULL);
    expect(refused.headers['retry-after']).toBeUndefined();
    const tus = await tusUpload('big.mp3', Buffer.concat([audio, Buffer.alloc(200_000)]));
    expect(tus.status).toBe(507);
    expect(tus.body).toContain(STORAGE_FULL);
    const imported = await admin.post('/api/v1/admin/library/uploads', { file_entry_id: entryId });
    expect(imported.statusCode).toBe(507);
    expect(imported.json().message).toBe(STORAGE_FULL);

    const refusals = [notKept.statusCode, refused.statusCode, tus.status, imported.statusCode];
    // The database keeps answering and writing.
    expect((await admin.get('/api/v1/me')).statusCode).toBe(200);
    expect((await admin.post('/api/v1/playlists', { name: 'Written meanwhile' })).statusCode).toBe(
      201,
    );
    // Nothing half-written: no part of a file, no entry or track without its file.
    expect(leftIn(path.join(t.config.dataDir, 'tmp/uploads'))).toEqual([]);
    expect(leftIn(path.join(t.config.dataDir, 'audio'))).toEqual([]);
    expect(await t.db.kysely.selectFrom('tracks').select('id').execute()).toEqual(tracksBefore);
    const entries = await t.db.kysely.selectFrom('file_entries').select('path').execute();
    expect(entries.length).toBe(1);
    const filesKept = leftIn(path.join(t.config.dataDir, 'files'));
    expect(filesKept).toEqual([entries[0]!.path]);

    // Room made again: the same requests succeed, without a restart; the upload kept for import
    // is imported.
    for (const folder of WRITTEN) fs.rmSync(path.join(t.config.dataDir, folder, FILLER));
    const roomMade = performance.now();
    expect((await formUpload('after.mp3', audio)).statusCode).toBe(200);
    expect((await tusUpload('after.mp3', audio)).status).toBe(201);
    const now = await admin.post('/api/v1/admin/library/uploads', { file_entry_id: entryId });
    expect(now.statusCode, now.body).toBe(201);
    report({
      fault: 'disk-full',
      requests: refusals.length,
      unavailable: refusals.filter((status) => status === 507).length,
      otherErrors: refusals.filter((status) => status !== 507).length,
      // Room made, the next requests succeeded: nothing needed restarting.
      recoverySeconds: (performance.now() - roomMade) / 1000,
      writesLost: 0,
    });
  });
});
