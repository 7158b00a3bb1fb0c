import type * as BullMQ from 'bullmq';
import type { Redis } from 'ioredis';
import type * as IORedis from 'ioredis';
import { lazily } from '../lazy-require.js';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  emptyCounts,
  JOB_STATES,
  KEEP_COMPLETED,
  KEEP_FAILED,
  type FailedJob,
  type JobContext,
  type JobCounts,
  type JobHandler,
  type JobQueue,
  type Jobs,
  type QueueOptions,
} from './jobs.js';

// Loaded only when REDIS_URL asks for Redis, as the Redis client is.
const bullmq = lazily<typeof BullMQ>('bullmq');
const ioredis = lazily<typeof IORedis>('ioredis');

export interface RedisJobsOptions {
  url: string;
  /** The app's key prefix in a shared Redis; the queues' keys go below `<prefix>jobs:`. */
  prefix: string;
}

/**
 * Jobs on Redis through BullMQ: any instance may take a job another queued, each job runs once,
 * and a scheduled task's period is claimed by one instance (BullMQ's job schedulers).
 */
export function redisJobs({ url, prefix }: RedisJobsOptions): Jobs {
  const { Queue, Worker } = bullmq();
  // Workers wait on Redis without a limit on retries, as BullMQ requires, and take up their
  // jobs again when it is back. Adding a job is a request's step: while Redis is away it fails at
  // once (a 503 asking to try again) rather than waiting in the client's queue.
  const workerConnection: Redis = new (ioredis().Redis)(url, { maxRetriesPerRequest: null });
  const connection: Redis = new (ioredis().Redis)(url, {
    maxRetriesPerRequest: null,
    enableOfflineQueue: false,
  });
  for (const each of [workerConnection, connection]) each.on('error', () => {});
  // A Redis that lost its data (restarted without persistence) lost the schedules too: each is
  // declared again whenever the connection is back.
  const schedules: (() => void)[] = [];
  let connectedBefore = false;
  connection.on('ready', () => {
    if (connectedBefore) for (const declare of schedules) declare();
    connectedBefore = true;
    failing = false;
  });
  // Every queue and worker fails on each reconnection attempt while Redis is away: the log
  // gets the first of those errors, and the next once the connection was back.
  let failing = false;
  const logOnce = (message: string) => {
    if (!failing) console.error(message);
    failing = true;
  };
  const keyPrefix = `${prefix}jobs`;
  const queues = new Map<string, BullMQ.Queue>();
  const workers: BullMQ.Worker[] = [];
  const pending = new Set<Promise<unknown>>();
  // A job added while the app starts is awaited at close, so no call outlives the connection.
  const tracked = <T>(promise: Promise<T>): Promise<T> => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise)).catch(() => {});
    return promise;
  };

  function contextOf(job: BullMQ.Job): JobContext {
    const context: JobContext = { id: job.id!, attempt: job.attemptsMade + 1 };
    // A scheduled run's id names its period: `repeat:<schedule>:<ms>`.
    const period = /^repeat:.+:(\d+)$/.exec(job.id!)?.[1];
    if (period) context.scheduledAt = Number(period);
    return context;
  }

  const jobOptions = (options: QueueOptions) => ({
    attempts: options.attempts ?? DEFAULT_ATTEMPTS,
    backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
    removeOnComplete: { count: KEEP_COMPLETED },
    removeOnFail: { count: KEEP_FAILED },
  });

  function open<T>(name: string, handler: JobHandler<T>, options: QueueOptions = {}) {
    if (queues.has(name)) throw new Error(`The job queue ${name} exists already.`);
    const queue = new Queue(name, {
      connection,
      prefix: keyPrefix,
      defaultJobOptions: jobOptions(options),
    });
    const worker = new Worker(name, (job) => handler(job.data as T, contextOf(job)), {
      connection: workerConnection,
      prefix: keyPrefix,
      concurrency: options.concurrency ?? 1,
    });
    // Lost connections are retried by the client; a worker must not crash the app over them.
    worker.on('error', (error) => logOnce(`job worker ${name}: ${error.message}`));
    worker.on('failed', (job, error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        console.error(`job ${name} ${job.id} failed: ${error.message}`);
      }
    });
    queue.on('error', (error) => logOnce(`job queue ${name}: ${error.message}`));
    queues.set(name, queue);
    workers.push(worker);
    return queue;
  }

  return {
    backend: 'redis',

    connected: () => connection.status === 'ready' && workerConnection.status === 'ready',

    queue<T>(name: string, handler: JobHandler<T>, options?: QueueOptions): JobQueue<T> {
      const queue = open(name, handler, options);
      return {
        name,
        async add(data, addOptions) {
          const job = await tracked(
            queue.add(name, data, {
              ...(addOptions?.delayMs ? { delay: addOptions.delayMs } : {}),
              ...(addOptions?.jobId ? { jobId: addOptions.jobId } : {}),
            }),
          );
          return job.id!;
        },
      };
    },

    every(name, everyMs, task, options) {
      const queue = open(name, (_data, job) => task(job), options);
      // Every instance declares the same schedule; Redis keeps one, and one job per period.
      // A schedule's jobs take their options from it, not from the queue's defaults.
      const template = { name, opts: jobOptions(options ?? {}) };
      const declare = () =>
        void tracked(queue.upsertJobScheduler(name, { every: everyMs }, template)).catch(
          (error: unknown) => console.error(`scheduling ${name} failed`, error),
        );
      schedules.push(declare);
      declare();
    },

    async counts() {
      const counts: Record<string, JobCounts> = {};
      await Promise.all(
        [...queues].map(async ([name, queue]) => {
          const found = await queue.getJobCounts(...JOB_STATES);
          const byState = emptyCounts();
          for (const state of JOB_STATES) byState[state] = found[state] ?? 0;
          // BullMQ keeps jobs waiting for a free worker apart from those waiting their turn.
          byState.waiting += found.prioritized ?? 0;
          counts[name] = byState;
        }),
      );
      return counts;
    },

    async failed(limit) {
      const perQueue = await Promise.all(
        [...queues].map(async ([name, queue]) =>
          (await queue.getFailed(0, limit - 1)).map((job): FailedJob => ({
            queue: name,
            id: job.id!,
            error: job.failedReason ?? '',
            attempts: job.attemptsMade,
            failedAt: new Date(job.finishedOn ?? job.timestamp).toISOString(),
          })),
        ),
      );
      return perQueue
        .flat()
        .sort((a, b) => b.failedAt.localeCompare(a.failedAt))
        .slice(0, limit);
    },

    async retry(name, id) {
      const job = await queues.get(name)?.getJob(id);
      if (!job || !(await job.isFailed())) return false;
      await job.retry('failed', { resetAttemptsMade: true });
      return true;
    },

    async close() {
      await Promise.allSettled(pending);
      // Workers first: each finishes the jobs it runs, then the queues let go.
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      await Promise.all([connection.quit(), workerConnection.quit()]);
    },
  };
}
