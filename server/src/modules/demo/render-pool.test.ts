import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderAll } from './render-pool.js';
import type { RenderJob } from './render-worker.js';

describe('renderAll', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-render-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const jobs: RenderJob[] = ['lofi', 'house', 'piano'].map((style, id) => ({
    id,
    kbps: 64,
    file: path.join(dir, 'out', `${style}.mp3`),
    spec: { seed: style, style: style as 'lofi', key: id, seconds: 6, sampleRate: 16_000 },
  }));

  it('renders on worker threads, then reuses the cached files', async () => {
    const cacheDir = path.join(dir, 'cache');
    const first = await renderAll(jobs, { size: 2, cacheDir });
    expect(first.cached).toBe(0);
    expect(first.results.map((r) => r.id)).toEqual([0, 1, 2]);
    for (const result of first.results) expect(result.threadId).not.toBe(0);
    const bytes = jobs.map((job) => fs.readFileSync(job.file));

    for (const job of jobs) fs.rmSync(job.file);
    const second = await renderAll(jobs, { size: 2, cacheDir });
    expect(second.cached).toBe(3);
    expect(second.results.map((r) => r.durationMs)).toEqual(first.results.map((r) => r.durationMs));
    jobs.forEach((job, i) => expect(fs.readFileSync(job.file).equals(bytes[i]!)).toBe(true));
  });
});
