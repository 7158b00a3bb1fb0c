/**
 * Background work the app hands off: a job is retried with exponential backoff until its
 * attempts run out, then kept as failed (with its error) for the admin area. In-process with one
 * instance; on Redis through BullMQ when several share `REDIS_URL`, where each job, and each
 * period of a scheduled task, runs on one instance only.
 */

export const JOB_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
export type JobCounts = Record<JobState, number>;

export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** For a scheduled task: the time (ms since the epoch) of the period this run is for. */
  scheduledAt?: number;
}

/** What a handler answers is not kept: a job records only that it ran, or its error. */
export type JobHandler<T> = (data: T, job: JobContext) => Promise<unknown>;

export interface QueueOptions {
  /** Jobs of this queue run at the same time on one instance. Default 1. */
  concurrency?: number;
  /** Runs before a job counts as failed. Default 3. */
  attempts?: number;
  /** Wait before the first retry, doubled for each one after. Default 5 s. */
  backoffMs?: number;
}

export interface AddOptions {
  /** Start no sooner than this many milliseconds from now. */
  delayMs?: number;
  /**
   * The job's own id (letters, digits, `-` and `_`, not only digits): a job added again under an
   * id the queue still holds is not added twice.
   */
  jobId?: string;
}

export interface JobQueue<T> {
  readonly name: string;
  /** Queues a job and answers its id; a handler that throws is retried. */
  add(data: T, options?: AddOptions): Promise<string>;
}

export interface FailedJob {
  queue: string;
  id: string;
  /** The error of its last attempt. */
  error: string;
  attempts: number;
  failedAt: string;
}

export interface Jobs {
  readonly backend: 'in-process' | 'redis';
  /** A queue and this instance's worker for it. One name, one handler. */
  queue<T>(name: string, handler: JobHandler<T>, options?: QueueOptions): JobQueue<T>;
  /**
   * Runs a task once in every period of `everyMs` across all instances (in its own queue, named
   * `name`), retried as any job.
   */
  every(
    name: string,
    everyMs: number,
    task: (job: JobContext) => Promise<unknown>,
    options?: QueueOptions,
  ): void;
  /**
   * Whether jobs can be added and taken now. A Redis connection comes back on its own backoff
   * after an outage: readiness waits for these too, not only for the app's own connection.
   */
  connected(): boolean;
  /** Jobs by state per queue: cheap enough for a metrics scrape. */
  counts(): Promise<Record<string, JobCounts>>;
  /** The latest failed jobs of every queue, newest first. */
  failed(limit: number): Promise<FailedJob[]>;
  /** Queues a failed job again with fresh attempts; false when there is no such failed job. */
  retry(queue: string, id: string): Promise<boolean>;
  /** Stops taking jobs, waits for the running ones and lets go of its connections. */
  close(): Promise<void>;
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 5_000;
/** Finished jobs kept per queue, for the counts and the admin area. */
export const KEEP_COMPLETED = 100;
export const KEEP_FAILED = 200;

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

export function emptyCounts(): JobCounts {
  return { waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 };
}
