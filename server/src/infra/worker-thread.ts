import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread on a module beside the caller, named without its extension
 * (`new URL('./reports.worker', import.meta.url)`): the built `.js`, or from TypeScript sources
 * (tests) the `.ts` loaded through tsx. Loader flags do not reach worker threads on Node 20, so
 * the worker registers tsx itself.
 */
export function startWorker(module: URL, workerData: unknown): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(`${module.href}.${fromSource ? 'ts' : 'js'}`);
  return fromSource
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`,
        { eval: true, workerData },
      )
    : new Worker(url, { workerData });
}
