import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RenderJob, RenderResult } from './render-worker.js';
import { SYNTH_VERSION } from './synth/compose.js';

/**
 * Songs are deterministic from their spec, so a rendered MP3 can be reused by the next fresh
 * data folder on this machine (development restarts, end-to-end runs) instead of being
 * synthesised and encoded again. Entries are keyed on the spec, the bitrate and SYNTH_VERSION.
 */
export function defaultRenderCacheDir(): string {
  return path.join(os.tmpdir(), 'cadenza-demo-audio');
}

function keyOf(job: RenderJob): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify({ version: SYNTH_VERSION, spec: job.spec, kbps: job.kbps }))
    .digest('hex')
    .slice(0, 32);
}

/** Copies a cached render to the job's file; null when there is none. */
export function fromCache(dir: string, job: RenderJob): RenderResult | null {
  const base = path.join(dir, keyOf(job));
  try {
    const meta = JSON.parse(fs.readFileSync(`${base}.json`, 'utf8')) as { durationMs: number };
    fs.mkdirSync(path.dirname(job.file), { recursive: true });
    fs.copyFileSync(`${base}.mp3`, job.file);
    return {
      id: job.id,
      bytes: fs.statSync(job.file).size,
      durationMs: meta.durationMs,
      threadId: 0,
    };
  } catch {
    return null;
  }
}

/** Stores a render; failures only cost the next start a render, so they are ignored. */
export function toCache(dir: string, job: RenderJob, result: RenderResult): void {
  const base = path.join(dir, keyOf(job));
  try {
    fs.mkdirSync(dir, { recursive: true });
    // Written under a temporary name and renamed: another process never reads half a file.
    const temporary = `${base}.${process.pid}.tmp`;
    fs.copyFileSync(job.file, temporary);
    fs.renameSync(temporary, `${base}.mp3`);
    fs.writeFileSync(temporary, JSON.stringify({ durationMs: result.durationMs }));
    fs.renameSync(temporary, `${base}.json`);
  } catch {
    // A read-only or full temporary folder: carry on without the cache.
  }
}
