import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
  remaining: number;
}

/** Fixed-window counters, shared through Redis when several instances run. */
export interface RateLimiter {
  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  clear(key: string): Promise<void>;
  /** Whether `key` is still under `max` in its window, without counting a hit. */
  isUnder(key: string, max: number): Promise<boolean>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, max, windowSeconds) {
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowSeconds * 1000 };
        windows.set(key, window);
        // Forget expired windows now and then so the map does not grow without bound.
        if (windows.size > 10_000) {
          for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
        }
      }
      window.count++;
      return {
        allowed: window.count <= max,
        retryAfter: Math.ceil((window.resetAt - time) / 1000),
        remaining: Math.max(0, max - window.count),
      };
    },
    async clear(key) {
      windows.delete(key);
    },
    async isUnder(key, max) {
      const window = windows.get(key);
      return !window || window.resetAt <= now() || window.count < max;
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'cadenza:rl:'): RateLimiter {
  return {
    async hit(key, max, windowSeconds) {
      const name = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(name).pttl(name).exec()) as [
        [null, number],
        [null, number],
      ];
      let remainingMs = ttl;
      if (ttl < 0) {
        await redis.pexpire(name, windowSeconds * 1000);
        remainingMs = windowSeconds * 1000;
      }
      return {
        allowed: count <= max,
        retryAfter: Math.ceil(remainingMs / 1000),
        remaining: Math.max(0, max - count),
      };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
    async isUnder(key, max) {
      return Number((await redis.get(prefix + key)) ?? 0) < max;
    },
  };
}
