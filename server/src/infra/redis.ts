import type { Redis } from 'ioredis';
import type * as IORedis from 'ioredis';
import { lazily } from './lazy-require.js';

// The Redis client loads only when REDIS_URL asks for Redis.
const ioredis = lazily<typeof IORedis>('ioredis');

/** A command on the request path that gets no answer within this long fails (a Redis that hangs). */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/**
 * The shared connection of the request path (rate limits, publishing, locks, readiness). Until
 * its first connection, commands wait for it, so the app may start while Redis does; once
 * connected, a lost connection fails commands at once instead of queueing them until Redis is
 * back, so no request waits on a Redis that is away. The client reconnects by itself.
 */
export function connectRedis(url: string): Redis {
  const redis = new (ioredis().Redis)(url, {
    maxRetriesPerRequest: 2,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    lazyConnect: false,
  });
  redis.once('ready', () => {
    redis.options.enableOfflineQueue = false;
  });
  // One warning per outage, not one per reconnection attempt.
  let away = false;
  redis.on('error', (error: Error) => {
    if (!away) console.warn(`Redis is unreachable (${error.message}); reconnecting`);
    away = true;
  });
  redis.on('ready', () => {
    if (away) console.warn('Redis is reachable again');
    away = false;
  });
  return redis;
}

/** Whether an error is Redis being unreachable (not a command Redis refused). */
export function isRedisUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    /enableOfflineQueue options is false|^Connection is closed|^Command timed out/.test(
      error.message,
    )
  );
}
