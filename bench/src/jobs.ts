// Job queue throughput: jobs that do nothing, added at once and run with a concurrency of 8, in
// the in-process queue and on Redis through BullMQ (REDIS_URL, else the local Redis; left out
// with a note when none answers). What a job costs the queue itself, not the work it stands for.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { createJobs, type Jobs } from '../../server/dist/infra/jobs/index.js';
import { note } from './http.js';

const COUNT = Number(process.env.BENCH_JOBS ?? 5000);
const CONCURRENCY = 8;
const asJson = process.argv.includes('--json') || process.env.BENCH_JSON === '1';

async function throughput(jobs: Jobs): Promise<number> {
  let done = 0;
  let finished!: () => void;
  const allDone = new Promise<void>((resolve) => (finished = resolve));
  const queue = jobs.queue<{ n: number }>(
    'bench',
    async () => {
      if (++done === COUNT) finished();
    },
    { concurrency: CONCURRENCY, attempts: 1 },
  );
  const start = performance.now();
  await Promise.all(Array.from({ length: COUNT }, (_, n) => queue.add({ n })));
  await allDone;
  return COUNT / ((performance.now() - start) / 1000);
}

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

async function main(): Promise<void> {
  const rows: { queue: string; jobsPerSecond: number }[] = [];
  const inProcess = createJobs({ url: undefined, prefix: '' });
  rows.push({ queue: 'in-process', jobsPerSecond: await throughput(inProcess) });
  await inProcess.close();

  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await redisAnswers(url)) {
    const prefix = `bench-${crypto.randomBytes(4).toString('hex')}:`;
    const onRedis = createJobs({ url, prefix });
    rows.push({ queue: 'BullMQ on Redis', jobsPerSecond: await throughput(onRedis) });
    await onRedis.close();
    const redis = new Redis(url);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  } else {
    note(`No Redis answers at ${url}: the BullMQ queue is left out.`);
  }

  if (asJson) {
    for (const row of rows) console.log(JSON.stringify({ suite: 'jobs', jobs: COUNT, ...row }));
    return;
  }
  console.log(`\nJob queue: ${COUNT} empty jobs, concurrency ${CONCURRENCY}, one process`);
  for (const row of rows) {
    console.log(`  ${row.queue.padEnd(18)} ${row.jobsPerSecond.toFixed(0).padStart(8)} jobs/s`);
  }
}

await main();
