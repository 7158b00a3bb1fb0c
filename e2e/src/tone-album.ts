import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { sendWithXsrf } from './app-process.js';

/*
 * Albums of sine tones for the gapless journey and benchmark: a continuous tone cut into tracks
 * at whole samples (one recording), or separate tones, as tagged FLAC files imported by an admin.
 */

export interface TonePart {
  title: string;
  album: string;
  track: number;
  seconds: number;
  frequency: number;
}

/** Writes the parts to `folder`; `continuous` cuts one tone, else each part starts afresh. */
export function writeTones(
  folder: string,
  rate: number,
  parts: TonePart[],
  artist: string,
  continuous: boolean,
): void {
  fs.mkdirSync(folder, { recursive: true });
  let startSample = 0;
  for (const part of parts) {
    const from = continuous ? startSample : 0;
    const total = from + Math.round(part.seconds * rate);
    const result = spawnSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${part.frequency}:sample_rate=${rate}:duration=${total / rate + 1}`,
      '-af',
      `atrim=start_sample=${from}:end_sample=${total},volume=2`,
      '-metadata',
      `title=${part.title}`,
      '-metadata',
      `artist=${artist}`,
      '-metadata',
      `album=${part.album}`,
      '-metadata',
      `track=${part.track}`,
      path.join(folder, `${String(part.track).padStart(2, '0')} ${part.title}.flac`),
    ]);
    if (result.status !== 0) throw new Error(result.stderr.toString());
    startSample = total;
  }
}

/** Imports a folder through the admin API and waits for the import to finish. */
export async function importFolder(admin: APIRequestContext, folder: string): Promise<void> {
  const started = await sendWithXsrf(admin, '/api/v1/admin/library/imports', { folder });
  const { job } = (await started.json()) as { job: { id: number } };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await admin.get(`/api/v1/admin/library/imports/${job.id}`);
    const { status } = ((await answer.json()) as { job: { status: string } }).job;
    if (status === 'done') return;
    if (status !== 'queued' && status !== 'running') throw new Error(`import ${status}`);
    if (Date.now() > deadline) throw new Error('the import did not finish within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function albumId(api: APIRequestContext, name: string): Promise<number> {
  const search = await api.get(`/api/v1/search?query=${encodeURIComponent(name)}`);
  const found = (await search.json()) as { results: { albums?: { data: { id: number }[] } } };
  const album = found.results.albums?.data[0];
  if (!album) throw new Error(`no album ${name} found`);
  return album.id;
}
