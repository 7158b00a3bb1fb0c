import type { Redis } from 'ioredis';
import type * as IORedis from 'ioredis';
import { lazily } from './lazy-require.js';

// The Redis client loads only when REDIS_URL asks for Redis.
const ioredis = lazily<typeof IORedis>('ioredis');

export function connectRedis(url: string): Redis {
  return new (ioredis().Redis)(url, { maxRetriesPerRequest: 2, lazyConnect: false });
}
