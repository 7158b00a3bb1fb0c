import crypto from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { deleteRedisKeys, TEST_REDIS_URL } from '../../test/redis.js';
import type { JobContext, Jobs } from './jobs.js';
import { memoryJobs } from './memory-jobs.js';
import { redisJobs } from './redis-jobs.js';

const REDIS_URL = TEST_REDIS_URL;
const prefix = `test-jobs-${crypto.randomBytes(6).toString('hex')}:`;
const opened: Jobs[] = [];

function open(make: () => Jobs): Jobs {
  const jobs = make();
  opened.push(jobs);
  return jobs;
}

/** Resolves once `check` answers true, checking every 20 ms for up to 10 s. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the queue did not get there within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
});

afterAll(async () => {
  await deleteRedisKeys(prefix);
});

describe.each([
  ['in-process', () => memoryJobs()],
  ['BullMQ', () => redisJobs({ url: REDIS_URL, prefix: `${prefix}${crypto.randomUUID()}:` })],
])('the %s queue', (_name, make) => {
  it('retries a failing job until it succeeds', async () => {
    const jobs = open(make);
    const attempts: number[] = [];
    const queue = jobs.queue<{ to: string }>(
      'flaky',
      async (data, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`attempt ${job.attempt} to reach ${data.to} failed`);
      },
      { attempts: 3, backoffMs: 10 },
    );
    await queue.add({ to: 'ana@example.com' });
    await until(async () => (await jobs.counts()).flaky?.completed === 1);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobs.failed(10)).toEqual([]);
  });

  it('holds a failed job back for its backoff before the next attempt', async () => {
    const jobs = open(make);
    let runs = 0;
    const queue = jobs.queue(
      'patient',
      async () => {
        runs += 1;
        throw new Error('the server is away');
      },
      { attempts: 2, backoffMs: 60_000 },
    );
    await queue.add({});
    await until(async () => (await jobs.counts()).patient?.delayed === 1);
    expect(runs).toBe(1);
    expect((await jobs.counts()).patient).toMatchObject({ failed: 0, active: 0 });
  });

  it('records a job that ran out of attempts with its error, and runs it again on retry', async () => {
    const jobs = open(make);
    let healthy = false;
    const done: JobContext[] = [];
    const queue = jobs.queue(
      'doomed',
      async (_data, job) => {
        if (!healthy) throw new Error('SMTP said 554: no thanks');
        done.push(job);
      },
      { attempts: 2, backoffMs: 10 },
    );
    const id = await queue.add({});
    await until(async () => (await jobs.counts()).doomed?.failed === 1);
    const [failed] = await jobs.failed(10);
    expect(failed).toMatchObject({
      queue: 'doomed',
      id,
      error: 'SMTP said 554: no thanks',
      attempts: 2,
    });
    expect(Date.parse(failed!.failedAt)).not.toBeNaN();

    healthy = true;
    expect(await jobs.retry('doomed', id)).toBe(true);
    await until(() => done.length === 1);
    expect(done[0]).toMatchObject({ id, attempt: 1 });
    await until(async () => (await jobs.counts()).doomed?.completed === 1);
    expect(await jobs.failed(10)).toEqual([]);
    expect(await jobs.retry('doomed', id)).toBe(false);
    expect(await jobs.retry('nowhere', id)).toBe(false);
  });

  it('lets a running job finish before it closes', async () => {
    const jobs = make();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    const queue = jobs.queue('slow', async () => {
      started();
      await new Promise((resolve) => setImmediate(resolve));
      finished = true;
    });
    await queue.add({});
    await running;
    await jobs.close();
    expect(finished).toBe(true);
  });

  it('adds a job under its own id once, however often it is added', async () => {
    const jobs = open(make);
    const ran: string[] = [];
    const queue = jobs.queue<{ play: string }>(
      'once',
      async (data) => {
        ran.push(data.play);
      },
      { attempts: 1 },
    );
    const ids = [
      await queue.add({ play: 'first' }, { jobId: 'play-7' }),
      await queue.add({ play: 'second' }, { jobId: 'play-7' }),
    ];
    await until(async () => (await jobs.counts()).once?.completed === 1);
    // Added again after it ran: still the same job.
    await queue.add({ play: 'third' }, { jobId: 'play-7' });
    await queue.add({ play: 'other' }, { jobId: 'play-8' });
    await until(() => ran.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ids).toEqual(['play-7', 'play-7']);
    expect(ran).toEqual(['first', 'other']);
  });

  it('runs a scheduled task once in each period', async () => {
    const jobs = open(make);
    const periods: number[] = [];
    jobs.every('tick', 100, async (job) => {
      periods.push(job.scheduledAt!);
    });
    await until(() => periods.length >= 2);
    expect(new Set(periods).size).toBe(periods.length);
  });
});

describe('jobs shared through Redis', () => {
  it('run each job once, on whichever instance takes it', async () => {
    const sharedPrefix = `${prefix}${crypto.randomUUID()}:`;
    const ran: string[] = [];
    const [a, b] = [0, 1].map(() => {
      const jobs = open(() => redisJobs({ url: REDIS_URL, prefix: sharedPrefix }));
      return jobs.queue<{ n: number }>(
        'work',
        async (data) => {
          ran.push(String(data.n));
        },
        { concurrency: 2 },
      );
    });
    const added = await Promise.all(
      Array.from({ length: 10 }, (_, n) => (n % 2 ? a! : b!).add({ n })),
    );
    expect(new Set(added).size).toBe(10);
    await until(() => ran.length >= 10);
    expect(ran.sort()).toEqual(Array.from({ length: 10 }, (_, n) => String(n)).sort());
  });

  it('run a scheduled task once per period across instances', async () => {
    const sharedPrefix = `${prefix}${crypto.randomUUID()}:`;
    const periods: number[] = [];
    for (let instance = 0; instance < 2; instance++) {
      const jobs = open(() => redisJobs({ url: REDIS_URL, prefix: sharedPrefix }));
      jobs.every('tick', 150, async (job) => {
        periods.push(job.scheduledAt!);
      });
    }
    await until(() => periods.length >= 4);
    // Each instance running it would have run each period twice.
    expect(new Set(periods).size).toBe(periods.length);
  });
});
