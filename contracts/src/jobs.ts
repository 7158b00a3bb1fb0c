import { z } from 'zod';

/** Where a job stands: waiting its turn, running, waiting for its next attempt, done, or failed. */
export const JOB_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobQueueSchema = z.object({
  name: z.string(),
  counts: z.object({
    waiting: z.number(),
    active: z.number(),
    delayed: z.number(),
    completed: z.number(),
    failed: z.number(),
  }),
});
export type JobQueueSummary = z.infer<typeof jobQueueSchema>;

/** A job that ran out of attempts: the error of its last one. */
export const failedJobSchema = z.object({
  queue: z.string(),
  id: z.string(),
  error: z.string(),
  attempts: z.number(),
  failed_at: z.string(),
});
export type FailedJobSummary = z.infer<typeof failedJobSchema>;

/** `GET /api/v1/admin/jobs`: every queue's counts and the latest failed jobs. */
export const adminJobsSchema = z.object({
  backend: z.enum(['in-process', 'redis']),
  queues: z.array(jobQueueSchema),
  failed: z.array(failedJobSchema),
});
export type AdminJobs = z.infer<typeof adminJobsSchema>;
