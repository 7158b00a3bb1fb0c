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

/**
 * Redis's counters while Redis answers, this process's own while it does not. Every limit stays
 * in force through an outage, counted per instance: with N instances a client gets at most N
 * times its allowance for the outage's length. Refusing instead would lock everyone out of
 * signing in, resetting a password or entering a 2FA code while Redis is away, for little gain:
 * those limits bound guessing, and N times a small limit for a few seconds still bounds it.
 */
export function fallingBackRateLimiter(
  shared: RateLimiter,
  local: RateLimiter,
  warn: (message: string) => void = (message) => console.warn(message),
): RateLimiter {
  let degraded = false;
  async function either<T>(sharedCall: () => Promise<T>, localCall: () => Promise<T>) {
    try {
      const result = await sharedCall();
      if (degraded) warn('Rate limits are shared through Redis again');
      degraded = false;
      return result;
    } catch (error) {
      if (!degraded) {
        warn(`Rate limits are counted per instance while Redis fails: ${(error as Error).message}`);
      }
      degraded = true;
      return localCall();
    }
  }
  return {
    hit: (key, max, windowSeconds) =>
      either(
        () => shared.hit(key, max, windowSeconds),
        () => local.hit(key, max, windowSeconds),
      ),
    clear: (key) =>
      either(
        async () => {
          await Promise.all([shared.clear(key), local.clear(key)]);
        },
        () => local.clear(key),
      ),
    isUnder: (key, max) =>
      either(
        () => shared.isUnder(key, max),
        () => local.isUnder(key, max),
      ),
  };
}
