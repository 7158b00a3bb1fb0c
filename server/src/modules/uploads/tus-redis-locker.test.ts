import crypto from 'node:crypto';
import { ERRORS } from '@tus/server';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisPubSub, type PubSub } from '../../infra/pubsub.js';
import { connectRedis } from '../../infra/redis.js';
import { startRedisServer } from '../../test/redis-server.js';
import { RedisLocker, type RedisLockerOptions } from './tus-redis-locker.js';

/** One instance's side: its own Redis connections, as two app processes would have. */
function instance(url: string, prefix: string, options: Partial<RedisLockerOptions> = {}) {
  const redis = connectRedis(url);
  const pubsub = redisPubSub(redis, prefix);
  const locker = new RedisLocker({ redis, pubsub, prefix, acquireTimeoutMs: 2_000, ...options });
  return { redis, pubsub, locker };
}

/** A request's abort signal and its release callback, which records that it was asked. */
function request() {
  const controller = new AbortController();
  let askedToRelease = 0;
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    release: () => {
      askedToRelease += 1;
    },
    get askedToRelease() {
      return askedToRelease;
    },
  };
}

describe('the tus lock across instances (Redis)', () => {
  const prefix = `test-${crypto.randomBytes(6).toString('hex')}:`;
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  const opened: { redis: Redis; pubsub: PubSub; locker: RedisLocker }[] = [];
  let a: ReturnType<typeof instance>;
  let b: ReturnType<typeof instance>;
  const open = (options: Partial<RedisLockerOptions> = {}) => {
    const side = instance(server.url, prefix, options);
    opened.push(side);
    return side;
  };

  beforeAll(async () => {
    server = await startRedisServer();
    a = open();
    b = open();
  });
  afterAll(async () => {
    for (const side of opened) {
      side.locker.close();
      await side.pubsub.close();
      if (side.redis.status !== 'end') await side.redis.quit();
    }
    await server?.stop();
  });

  it('hands an upload to the request on the other instance once its holder lets go', async () => {
    const first = request();
    const held = a.locker.newLock('upload-1');
    await held.lock(first.signal, async () => {
      first.release();
      // As tus does: the older request winds down, then unlocks.
      await held.unlock();
    });

    const second = request();
    const taken = b.locker.newLock('upload-1');
    await taken.lock(second.signal, second.release);
    expect(first.askedToRelease).toBeGreaterThan(0);

    // Now the first instance is the one that waits.
    const third = request();
    const retaken = a.locker.newLock('upload-1');
    const waiting = retaken.lock(third.signal, third.release);
    await taken.unlock();
    await waiting;
    await retaken.unlock();
  });

  it('answers a lock timeout when the holder does not let go in time', async () => {
    const quick = open({ acquireTimeoutMs: 300 });
    const holder = request();
    const held = a.locker.newLock('upload-2');
    await held.lock(holder.signal, holder.release);

    const waiter = request();
    await expect(quick.locker.newLock('upload-2').lock(waiter.signal, waiter.release)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    expect(holder.askedToRelease).toBeGreaterThan(0);
    await held.unlock();
  });

  it('keeps a long request’s lock past its expiry by renewing it', async () => {
    // The lock expires every 150 ms unless renewed; the other side waits four times that.
    const shortLived = open({ ttlMs: 150 });
    const patient = open({ acquireTimeoutMs: 600 });
    const holder = request();
    const held = shortLived.locker.newLock('upload-3');
    await held.lock(holder.signal, holder.release);

    const waiter = request();
    await expect(
      patient.locker.newLock('upload-3').lock(waiter.signal, waiter.release),
    ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });

  it('frees the lock of an instance that died holding it, after its expiry', async () => {
    const doomed = open({ ttlMs: 200 });
    const holder = request();
    await doomed.locker.newLock('upload-4').lock(holder.signal, holder.release);
    // The process is gone: no renewal, no unlock, no answer to release requests.
    doomed.locker.close();
    doomed.redis.disconnect();

    const next = request();
    const taken = b.locker.newLock('upload-4');
    await taken.lock(next.signal, next.release);
    await taken.unlock();
  });

  it('lets only the holder release: a stale holder’s unlock leaves the new lock alone', async () => {
    const lapsing = open({ ttlMs: 200 });
    const stale = request();
    const staleLock = lapsing.locker.newLock('upload-5');
    await staleLock.lock(stale.signal, stale.release);
    // Its instance stalls (a long pause): renewals stop reaching Redis and the lock expires.
    lapsing.redis.disconnect();
    const next = request();
    const taken = b.locker.newLock('upload-5');
    await taken.lock(next.signal, next.release);

    // Back again, the stale holder unlocks with its own token, which no longer matches.
    await lapsing.redis.connect();
    await staleLock.unlock();
    const quick = open({ acquireTimeoutMs: 300 });
    const contender = request();
    await expect(
      quick.locker.newLock('upload-5').lock(contender.signal, contender.release),
    ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await taken.unlock();
  });

  it('stops waiting when the waiting request is aborted', async () => {
    const holder = request();
    const held = a.locker.newLock('upload-6');
    await held.lock(holder.signal, holder.release);
    const waiter = request();
    const waiting = b.locker.newLock('upload-6').lock(waiter.signal, waiter.release);
    waiter.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });
});
