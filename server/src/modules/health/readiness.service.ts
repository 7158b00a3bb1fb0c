import type { CheckState, Readiness } from '@cadenza/contracts/health';
import type { Redis } from 'ioredis';
import type { Jobs } from '../../infra/jobs/index.js';

/** A dependency's check: resolves when it answers, throws (or rejects) when it does not. */
export type Check = () => Promise<void>;

/** Long enough for a busy database's `select 1`, short enough for a load balancer's probe. */
export const CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessDeps {
  database: Check;
  /** Absent when the app runs without Redis (in-process rate limits, events and jobs). */
  redis: Check | undefined;
  storage: Check;
  /** How long each check may take; one that takes longer counts as failed. */
  timeoutMs?: number;
}

/** Told of each failed check, for the log. */
export type FailureLog = (check: keyof Readiness['checks'], error: unknown) => void;

export type ReadinessService = ReturnType<typeof createReadinessService>;

/**
 * Whether this instance can serve now (DESIGN.md §9): its database, Redis and storage each
 * checked at once, each within a time limit, so a dependency that hangs makes the answer
 * `unavailable` quickly rather than making the probe hang with it.
 */
export function createReadinessService(deps: ReadinessDeps) {
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;

  async function state(
    name: keyof Readiness['checks'],
    check: Check | undefined,
    log: FailureLog | undefined,
  ) {
    if (!check) return 'absent';
    try {
      await withinTime(Promise.resolve().then(check), timeoutMs, name);
      return 'ok';
    } catch (error) {
      log?.(name, error);
      return 'error';
    }
  }

  return {
    async check(log?: FailureLog): Promise<Readiness> {
      const [database, redis, storage] = await Promise.all([
        state('database', deps.database, log),
        state('redis', deps.redis, log),
        state('storage', deps.storage, log),
      ]);
      const checks = { database, redis, storage } satisfies Record<string, CheckState>;
      const ready = Object.values(checks).every((each) => each !== 'error');
      return { status: ready ? 'ok' : 'unavailable', checks };
    },
  };
}

/**
 * Redis answers a PING on a connection that is up now, and the job queues' own connections are
 * up too (each reconnects on its own backoff after an outage).
 */
export function redisCheck(redis: Redis, jobs?: Pick<Jobs, 'connected'>): Check {
  return async () => {
    // Commands wait in the client's queue while it reconnects: a client not connected now fails.
    if (redis.status !== 'ready') throw new Error(`the Redis connection is ${redis.status}`);
    if (jobs && !jobs.connected()) throw new Error('the job queues are reconnecting to Redis');
    await redis.ping();
  };
}

function withinTime(work: Promise<void>, ms: number, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the ${name} check took over ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
