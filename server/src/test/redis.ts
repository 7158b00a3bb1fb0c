import { Redis } from 'ioredis';

/** The Redis the tests that need one use (the machine's own). */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** Deletes every key under a test's own prefix, so a shared Redis keeps nothing of the run. */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 })) {
      if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
    }
  } finally {
    await redis.quit();
  }
}
