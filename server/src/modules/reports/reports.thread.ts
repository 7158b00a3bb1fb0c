import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../infra/worker-thread.js';
import type { Figures, FiguresQuery } from './reports.repo.js';

export type ReportsThread = ReturnType<typeof createReportsThread>;

type Reply = { id: number; result: Figures; error?: undefined } | { id: number; error: string };

interface Started {
  worker: Worker;
  waiting: Map<number, { resolve: (figures: Figures) => void; reject: (error: Error) => void }>;
}

/**
 * Reads reports' figures from a SQLite file on a thread of its own. SQLite answers on the thread
 * that asks, and a report's aggregations take a second or more at a million plays a month: on
 * the server's thread they would hold every listener's request meanwhile. The thread starts
 * with the first report and stops once idle for `idleMs`, so it costs no memory between visits
 * to the dashboard. Given a `queryLog`, its statements are logged there as the server's are.
 */
export function createReportsThread(
  file: string,
  { idleMs = 60_000, queryLog }: { idleMs?: number; queryLog?: string | undefined } = {},
) {
  let current: Started | null = null;
  let idle: NodeJS.Timeout | undefined;
  let lastId = 0;

  const stop = async () => {
    const stopping = current;
    current = null;
    await stopping?.worker.terminate();
  };

  function start(): Started {
    const worker = startWorker(new URL('./reports.worker', import.meta.url), { file, queryLog });
    const started: Started = { worker, waiting: new Map() };
    // A report under way does not keep the process alive on its own.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiter = started.waiting.get(reply.id);
      started.waiting.delete(reply.id);
      if (reply.error === undefined) waiter?.resolve(reply.result);
      else waiter?.reject(new Error(reply.error));
      if (started.waiting.size === 0 && current === started) {
        idle = setTimeout(() => void stop(), idleMs).unref();
      }
    });
    // A thread that failed or ended answers no one: its callers hear so, and the next read
    // starts another.
    const fail = (error: Error) => {
      if (current === started) current = null;
      for (const waiter of started.waiting.values()) waiter.reject(error);
      started.waiting.clear();
    };
    worker.on('error', (error) => fail(new Error(`The reports thread failed: ${error.message}`)));
    worker.on('exit', (code) => fail(new Error(`The reports thread ended (exit code ${code}).`)));
    return started;
  }

  return {
    read(query: FiguresQuery): Promise<Figures> {
      clearTimeout(idle);
      const { worker, waiting } = (current ??= start());
      const id = ++lastId;
      const reply = new Promise<Figures>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, query });
      return reply;
    },

    /** Whether the thread is started. */
    get running(): boolean {
      return current !== null;
    },

    async close(): Promise<void> {
      clearTimeout(idle);
      await stop();
    },
  };
}
