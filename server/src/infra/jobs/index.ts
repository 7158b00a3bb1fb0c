import type { Jobs } from './jobs.js';
import { memoryJobs } from './memory-jobs.js';
import { redisJobs } from './redis-jobs.js';

export * from './jobs.js';

/** BullMQ on Redis when the app has `REDIS_URL`, else the in-process queue. */
export function createJobs(redis: { url: string | undefined; prefix: string }): Jobs {
  return redis.url ? redisJobs({ url: redis.url, prefix: redis.prefix }) : memoryJobs();
}
