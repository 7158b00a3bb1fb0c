import fs from 'node:fs';
import path from 'node:path';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { renderSong, type SongSpec } from './synth/compose.js';
import { encodeMp3 } from './synth/mp3.js';

export interface RenderJob {
  id: number;
  spec: SongSpec;
  kbps: number;
  /** Absolute path the MP3 is written to. */
  file: string;
}

export interface RenderResult {
  id: number;
  bytes: number;
  durationMs: number;
  /** The thread that rendered the song (0: the main thread). */
  threadId: number;
  error?: string;
}

/** Renders one song to an MP3 file; runs in a worker thread or, failing that, inline. */
export function renderToFile(job: RenderJob): RenderResult {
  const song = renderSong(job.spec);
  const mp3 = encodeMp3(song.samples, song.sampleRate, job.kbps);
  fs.mkdirSync(path.dirname(job.file), { recursive: true });
  fs.writeFileSync(job.file, mp3);
  return {
    id: job.id,
    bytes: mp3.length,
    durationMs: Math.round((song.samples.length / song.sampleRate) * 1000),
    threadId,
  };
}

/** Marks the threads started by the render pool (the module is imported by the pool too). */
export const RENDER_WORKER = 'cadenza-render-worker';

if (parentPort && workerData === RENDER_WORKER)
  parentPort.on('message', (job: RenderJob) => {
    let result: RenderResult;
    try {
      result = renderToFile(job);
    } catch (error) {
      result = { id: job.id, bytes: 0, durationMs: 0, threadId, error: String(error) };
    }
    parentPort!.postMessage(result);
  });
