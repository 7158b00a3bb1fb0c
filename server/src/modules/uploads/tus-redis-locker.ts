import { randomBytes } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';
import type { PubSub, Unsubscribe } from '../../infra/pubsub.js';

/** Deletes the lock only for the holder whose token it still carries. */
const RELEASE_IF_HELD = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1]) else return 0 end`;
/** Extends the lock only for the holder whose token it still carries. */
const RENEW_IF_HELD = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/** Where instances ask a lock's holder to let go, and tell waiters it did. */
const CHANNEL = 'tus-locks';
type LockMessage = { release: string } | { released: string };

export interface RedisLockerOptions {
  redis: Redis;
  /** The app's pub/sub on the same Redis: the holder may be a request on another instance. */
  pubsub: PubSub;
  /** The app's key prefix in Redis. */
  prefix: string;
  /** How long a request waits for a lock before it gives up (tus then answers 423). */
  acquireTimeoutMs: number;
  /**
   * How long a lock outlives an instance that stopped renewing it (one that crashed mid-upload);
   * a living holder renews it every third of that.
   */
  ttlMs?: number;
  /** How often a waiter tries again when no release notice arrived. */
  retryMs?: number;
}

/**
 * @tus/server's Locker across instances: a lock is a Redis key set with NX and an expiry, holding
 * its holder's random token, renewed while the request runs and released only by that holder.
 * As with tus's own memory locker, a request that wants a held upload asks its holder to let go
 * (tus then ends the older request, usually a dropped connection) and waits until it does.
 */
export class RedisLocker implements Locker {
  readonly options: Required<RedisLockerOptions>;
  /** The release callbacks of the requests of this instance holding a lock, by upload id. */
  private readonly holders = new Map<string, RequestRelease>();
  /** Waiters of this instance to wake when a lock is released, by upload id. */
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly unsubscribe: Unsubscribe;

  constructor(options: RedisLockerOptions) {
    this.options = { ttlMs: 30_000, retryMs: 100, ...options };
    this.unsubscribe = options.pubsub.subscribe(CHANNEL, (message) => {
      const notice = message as LockMessage;
      if ('release' in notice) void this.holders.get(notice.release)?.();
      else for (const wake of this.waiters.get(notice.released) ?? []) wake();
    });
  }

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }

  /** Stops listening for release requests; locks still held expire on their own. */
  close(): void {
    this.unsubscribe();
  }

  key(id: string): string {
    return `${this.options.prefix}tus-lock:${id}`;
  }

  hold(id: string, requestRelease: RequestRelease): void {
    this.holders.set(id, requestRelease);
  }

  letGo(id: string, requestRelease: RequestRelease): void {
    if (this.holders.get(id) === requestRelease) this.holders.delete(id);
  }

  async notify(message: LockMessage): Promise<void> {
    await this.options.pubsub.publish(CHANNEL, message);
  }

  /** Resolves on a release notice for `id`, after `ms`, or when `signal` aborts. */
  waitForRelease(id: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, set);
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(id) === set) this.waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
      set.add(done);
    });
  }
}

class RedisLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');
  private renewal: NodeJS.Timeout | undefined;
  private requestRelease: RequestRelease | undefined;

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { redis, acquireTimeoutMs, ttlMs, retryMs } = this.locker.options;
    const key = this.locker.key(this.id);
    const deadline = Date.now() + acquireTimeoutMs;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if ((await redis.set(key, this.token, 'PX', ttlMs, 'NX')) === 'OK') break;
      // The newest request for an upload wins, as with tus's memory locker: the holder is asked
      // to let go on every attempt, whichever request holds it by then.
      await this.locker.notify({ release: this.id });
      const left = deadline - Date.now();
      if (left <= 0) throw ERRORS.ERR_LOCK_TIMEOUT;
      await this.locker.waitForRelease(this.id, Math.min(retryMs, left), signal);
    }
    this.requestRelease = requestRelease;
    this.locker.hold(this.id, requestRelease);
    this.renewal = setInterval(() => void this.renew(), Math.max(1, Math.floor(ttlMs / 3)));
    this.renewal.unref();
  }

  /** Keeps a long request's lock; one that was lost (Redis evicted it) ends its request. */
  private async renew(): Promise<void> {
    const { redis, ttlMs } = this.locker.options;
    try {
      const kept = await redis.eval(RENEW_IF_HELD, 1, this.locker.key(this.id), this.token, ttlMs);
      if (kept === 0 && this.renewal) {
        this.stopRenewal();
        await this.requestRelease?.();
      }
    } catch {
      // Redis unreachable for a moment: the next renewal tries again before the lock expires.
    }
  }

  private stopRenewal(): void {
    clearInterval(this.renewal);
    this.renewal = undefined;
  }

  async unlock(): Promise<void> {
    this.stopRenewal();
    if (this.requestRelease) this.locker.letGo(this.id, this.requestRelease);
    this.requestRelease = undefined;
    const { redis } = this.locker.options;
    const released = await redis.eval(RELEASE_IF_HELD, 1, this.locker.key(this.id), this.token);
    // A lock already lost to its expiry is another request's now: it is left to it.
    if (released === 1) await this.locker.notify({ released: this.id });
  }
}
