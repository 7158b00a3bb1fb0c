import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../infra/worker-thread.js';
import { fromCache, toCache } from './render-cache.js';
import { RENDER_WORKER, renderToFile, type RenderJob, type RenderResult } from './render-worker.js';

/**
 * Renders songs on worker threads, one per core (at most `size`), so the seed uses the whole
 * machine. Songs a worker could not take (it failed to start or crashed) render on the calling
 * thread.
 */
export async function renderAll(
  jobs: RenderJob[],
  options: {
    size?: number;
    /** Folder of earlier renders to reuse; none when absent. */
    cacheDir?: string;
    onDone?: (result: RenderResult, done: number) => void;
  } = {},
): Promise<{ results: RenderResult[]; cached: number }> {
  const { cacheDir } = options;
  const results: RenderResult[] = [];
  const byId = new Map(jobs.map((job) => [job.id, job]));
  let failure: Error | undefined;
  const finish = (result: RenderResult, cached = false) => {
    if (result.error) throw new Error(`Rendering a demo song failed: ${result.error}`);
    if (cacheDir && !cached) toCache(cacheDir, byId.get(result.id)!, result);
    results.push(result);
    options.onDone?.(result, results.length);
  };
  const queue: RenderJob[] = [];
  for (const job of jobs) {
    const hit = cacheDir ? fromCache(cacheDir, job) : null;
    if (hit) finish(hit, true);
    else queue.push(job);
  }
  const cached = results.length;
  const size = Math.max(0, Math.min(options.size ?? os.availableParallelism(), queue.length));

  const runWorker = () =>
    new Promise<void>((resolve) => {
      let current: RenderJob | undefined;
      let worker: Worker;
      try {
        worker = startWorker(new URL('./render-worker', import.meta.url), RENDER_WORKER);
      } catch {
        resolve();
        return;
      }
      const next = () => {
        current = failure ? undefined : queue.shift();
        if (current) worker.postMessage(current);
        else void worker.terminate().then(() => resolve());
      };
      worker.on('message', (result: RenderResult) => {
        try {
          finish(result);
        } catch (error) {
          failure = error as Error;
        }
        next();
      });
      worker.on('error', () => {
        if (current) queue.unshift(current);
        current = undefined;
        resolve();
      });
      worker.once('online', next);
    });

  await Promise.all(Array.from({ length: size }, runWorker));
  if (failure) throw failure;
  for (const job of queue.splice(0)) finish(renderToFile(job));
  return { results: results.sort((a, b) => a.id - b.id), cached };
}
