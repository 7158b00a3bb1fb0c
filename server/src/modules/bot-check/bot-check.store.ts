import type { Redis } from 'ioredis';

/**
 * Short-lived keys: used ALTCHA challenges and sessions that recently proved human. Kept in
 * Redis when several instances run, so a solution spent on one cannot be spent on another.
 */
export interface ExpiringStore {
  /** Stores the key unless it exists; answers whether it was stored. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes the key in one step. */
  take(key: string): Promise<string | undefined>;
}

export function memoryStore(now: () => number = Date.now): ExpiringStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    if (entries.size < 10_000) return;
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  };
  return {
    async setIfAbsent(key, value, ttlSeconds) {
      if (live(key)) return false;
      sweep();
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
      return true;
    },
    async set(key, value, ttlSeconds) {
      sweep();
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
    },
    async take(key) {
      const entry = live(key);
      entries.delete(key);
      return entry?.value;
    },
  };
}

export function redisStore(redis: Redis, prefix = 'cadenza:bot:'): ExpiringStore {
  return {
    async setIfAbsent(key, value, ttlSeconds) {
      return (await redis.set(prefix + key, value, 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    async set(key, value, ttlSeconds) {
      await redis.set(prefix + key, value, 'EX', ttlSeconds);
    },
    async take(key) {
      return (await redis.getdel(prefix + key)) ?? undefined;
    },
  };
}
