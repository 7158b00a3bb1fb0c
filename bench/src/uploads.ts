// Upload throughput: a 100 MB file sent through the resumable upload API (tus, 5 MB chunks, to
// the local disk) and made an entry, next to a plain copy of the same file on the same machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from './client.js';
import { startApp } from './http.js';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 100) * MB;
const CHUNK = 5 * MB;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

const rate = (bytes: number, ms: number) => `${(bytes / MB / (ms / 1000)).toFixed(0)} MB/s`;

async function main(): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-bench-upload-'));
  const source = path.join(folder, 'source.bin');
  const data = Buffer.alloc(SIZE);
  for (let offset = 0; offset < SIZE; offset += 4096) data.writeUInt32LE(offset, offset);
  fs.writeFileSync(source, data);

  const copyStart = performance.now();
  fs.copyFileSync(source, path.join(folder, 'copy.bin'));
  const copyMs = performance.now() - copyStart;

  const app = await startApp({
    SEED_DEMO: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'fatal',
  });
  try {
    const admin = new Client(app.url);
    await admin.send('GET', '/api/v1/bootstrap-data');
    await admin.send('POST', '/auth/login', { ...ADMIN, remember: false });
    await admin.send('POST', '/api/v1/settings', { 'uploads.max_size': 2 * SIZE });

    const start = performance.now();
    const created = await fetch(`${app.url}/api/v1/tus/upload`, {
      method: 'POST',
      headers: {
        ...admin.headers(),
        'tus-resumable': '1.0.0',
        'upload-length': String(SIZE),
        'upload-metadata': `clientName ${Buffer.from('bench.bin').toString('base64')}`,
      },
    });
    if (created.status !== 201) throw new Error(`creating the upload: ${created.status}`);
    const location = app.url + created.headers.get('location');
    for (let offset = 0; offset < SIZE; offset += CHUNK) {
      const chunk = data.subarray(offset, Math.min(SIZE, offset + CHUNK));
      const sent = await fetch(location, {
        method: 'PATCH',
        headers: {
          ...admin.headers(),
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: chunk,
      });
      if (sent.status !== 204) throw new Error(`chunk at ${offset}: ${sent.status}`);
    }
    const sentMs = performance.now() - start;
    await admin.send('POST', '/api/v1/tus/entries', { uploadKey: location });
    const totalMs = performance.now() - start;

    console.log(`\nUploading ${SIZE / MB} MB`);
    console.log(
      `  plain file copy on this machine   ${copyMs.toFixed(0).padStart(6)} ms  ${rate(SIZE, copyMs)}`,
    );
    console.log(
      `  tus, ${CHUNK / MB} MB chunks (sent)       ${sentMs.toFixed(0).padStart(6)} ms  ${rate(SIZE, sentMs)}`,
    );
    console.log(
      `  tus, made an entry (type, hash)   ${totalMs.toFixed(0).padStart(6)} ms  ${rate(SIZE, totalMs)}`,
    );
  } finally {
    await app.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

await main();
