import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  emptyCounts,
  errorText,
  KEEP_COMPLETED,
  KEEP_FAILED,
  type AddOptions,
  type FailedJob,
  type JobContext,
  type JobCounts,
  type JobHandler,
  type JobQueue,
  type Jobs,
  type JobState,
  type QueueOptions,
} from './jobs.js';

interface MemoryJob {
  id: string;
  data: unknown;
  state: JobState;
  attemptsMade: number;
  error?: string;
  failedAt?: string;
  scheduledAt?: number;
  timer?: NodeJS.Timeout;
}

interface MemoryQueue {
  name: string;
  handler: JobHandler<unknown>;
  concurrency: number;
  attempts: number;
  backoffMs: number;
  jobs: Map<string, MemoryJob>;
  waiting: MemoryJob[];
  running: Set<Promise<void>>;
  /** Ids of finished jobs, oldest first, so only the latest are kept. */
  completed: string[];
  failed: string[];
}

/**
 * The queue of a single instance: jobs live in this process's memory, so those not yet run are
 * lost when it stops (as the work they stand for was before there were jobs).
 */
export function memoryJobs(): Jobs {
  const queues = new Map<string, MemoryQueue>();
  /** Each schedule's timer for its next period. */
  const schedules = new Map<string, NodeJS.Timeout>();
  let nextId = 1;
  let closed = false;

  function pump(queue: MemoryQueue) {
    while (!closed && queue.running.size < queue.concurrency && queue.waiting.length > 0) {
      const job = queue.waiting.shift()!;
      const run = execute(queue, job).finally(() => {
        queue.running.delete(run);
        pump(queue);
      });
      queue.running.add(run);
    }
  }

  async function execute(queue: MemoryQueue, job: MemoryJob) {
    job.state = 'active';
    job.attemptsMade += 1;
    const context: JobContext = { id: job.id, attempt: job.attemptsMade };
    if (job.scheduledAt !== undefined) context.scheduledAt = job.scheduledAt;
    try {
      await queue.handler(job.data, context);
      job.state = 'completed';
      keepLatest(queue, queue.completed, job.id, KEEP_COMPLETED);
    } catch (error) {
      job.error = errorText(error);
      if (job.attemptsMade < queue.attempts && !closed) {
        delay(queue, job, queue.backoffMs * 2 ** (job.attemptsMade - 1));
      } else {
        job.state = 'failed';
        job.failedAt = new Date().toISOString();
        console.error(`job ${queue.name} ${job.id} failed: ${job.error}`);
        keepLatest(queue, queue.failed, job.id, KEEP_FAILED);
      }
    }
  }

  function keepLatest(queue: MemoryQueue, ids: string[], id: string, keep: number) {
    ids.push(id);
    for (const dropped of ids.splice(0, Math.max(0, ids.length - keep))) {
      queue.jobs.delete(dropped);
    }
  }

  function delay(queue: MemoryQueue, job: MemoryJob, ms: number) {
    job.state = 'delayed';
    job.timer = setTimeout(() => {
      job.timer = undefined;
      enqueue(queue, job);
    }, ms).unref();
  }

  function enqueue(queue: MemoryQueue, job: MemoryJob) {
    job.state = 'waiting';
    queue.waiting.push(job);
    pump(queue);
  }

  function add(
    queue: MemoryQueue,
    data: unknown,
    { delayMs = 0, jobId }: AddOptions = {},
    scheduledAt?: number,
  ): string {
    if (closed) throw new Error('The job queue is closed.');
    if (jobId !== undefined && queue.jobs.has(jobId)) return jobId;
    const id = jobId ?? String(nextId++);
    const job: MemoryJob = { id, data, state: 'waiting', attemptsMade: 0 };
    if (scheduledAt !== undefined) job.scheduledAt = scheduledAt;
    queue.jobs.set(job.id, job);
    if (delayMs > 0) delay(queue, job, delayMs);
    else enqueue(queue, job);
    return job.id;
  }

  function open(name: string, handler: JobHandler<unknown>, options: QueueOptions = {}) {
    if (queues.has(name)) throw new Error(`The job queue ${name} exists already.`);
    const queue: MemoryQueue = {
      name,
      handler,
      concurrency: options.concurrency ?? 1,
      attempts: options.attempts ?? DEFAULT_ATTEMPTS,
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
      jobs: new Map(),
      waiting: [],
      running: new Set(),
      completed: [],
      failed: [],
    };
    queues.set(name, queue);
    return queue;
  }

  return {
    backend: 'in-process',

    connected: () => true,

    queue<T>(name: string, handler: JobHandler<T>, options?: QueueOptions): JobQueue<T> {
      const queue = open(name, handler as JobHandler<unknown>, options);
      return {
        name,
        add: async (data, addOptions) => add(queue, data, addOptions),
      };
    },

    every(name, everyMs, task, options) {
      const queue = open(name, (_data, job) => task(job), options);
      // Each period starts at a multiple of its length, as BullMQ's schedules do. The next one
      // follows the last one run, as a timer may fire a moment before the clock reaches it.
      const next = (previous: number) => {
        const slot = Math.max(previous + everyMs, Math.ceil(Date.now() / everyMs) * everyMs);
        schedules.set(
          name,
          setTimeout(
            () => {
              if (closed) return;
              add(queue, {}, {}, slot);
              next(slot);
            },
            Math.max(0, slot - Date.now()),
          ).unref(),
        );
      };
      next(Math.floor(Date.now() / everyMs) * everyMs);
    },

    async counts() {
      const counts: Record<string, JobCounts> = {};
      for (const [name, queue] of queues) {
        const byState = emptyCounts();
        for (const job of queue.jobs.values()) byState[job.state] += 1;
        counts[name] = byState;
      }
      return counts;
    },

    async failed(limit) {
      const failed: FailedJob[] = [];
      for (const [name, queue] of queues) {
        for (const id of queue.failed) {
          const job = queue.jobs.get(id)!;
          failed.push({
            queue: name,
            id,
            error: job.error ?? '',
            attempts: job.attemptsMade,
            failedAt: job.failedAt!,
          });
        }
      }
      return failed.sort((a, b) => b.failedAt.localeCompare(a.failedAt)).slice(0, limit);
    },

    async retry(name, id) {
      const queue = queues.get(name);
      const job = queue?.jobs.get(id);
      if (!queue || !job || job.state !== 'failed' || closed) return false;
      queue.failed.splice(queue.failed.indexOf(id), 1);
      job.attemptsMade = 0;
      delete job.error;
      delete job.failedAt;
      enqueue(queue, job);
      return true;
    },

    async close() {
      closed = true;
      schedules.forEach((timer) => clearTimeout(timer));
      for (const queue of queues.values()) {
        for (const job of queue.jobs.values()) clearTimeout(job.timer);
      }
      await Promise.all([...queues.values()].flatMap((queue) => [...queue.running]));
    },
  };
}
