// Radio and daily mixes at a million plays: a track's radio and a listener's mixes (goals: p99
// under 50 ms and 200 ms), and the daily job making the mixes of 10,000 listeners (time, memory).
// Measured on the services, in this process. BENCH_RADIO_PLAYS, BENCH_RADIO_LISTENERS and
// BENCH_RADIO_TRACKS size it; TEST_DATABASE=postgres with TEST_DATABASE_URL runs it on PostgreSQL.
import { sql, type Insertable } from 'kysely';
import type { PlaysTable } from '../../server/src/modules/music/plays/plays.table.js';
import { seedSyntheticCatalogue } from '../../server/src/cli/synthetic-catalogue.js';
import { SYSTEM_ACTOR } from '../../server/src/modules/music/actor.js';
import { createTestApp } from '../../server/src/test/test-app.js';
import { note, printGoals, type GoalRow } from './http.js';

const TRACKS = Number(process.env.BENCH_RADIO_TRACKS ?? 50_000);
const PLAYS = Number(process.env.BENCH_RADIO_PLAYS ?? 1_000_000);
const LISTENERS = Number(process.env.BENCH_RADIO_LISTENERS ?? 10_000);
const SAMPLES = 200;

/** A seeded generator, so every run measures the same listening. */
function generator(seed = 7) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function timed(count: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return times;
}

async function main(): Promise<void> {
  const t = await createTestApp();
  const db = t.db.kysely;
  try {
    note(`Seeding ${TRACKS} tracks, ${LISTENERS} listeners and ${PLAYS} of their plays…`);
    const seeding = performance.now();
    await seedSyntheticCatalogue(db, { tracks: TRACKS, playsPerTrack: 0, seed: 42 });
    const trackIds = (await db.selectFrom('tracks').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );
    const now = new Date().toISOString();
    const userIds: number[] = [];
    for (let first = 0; first < LISTENERS; first += 1000) {
      const rows = Array.from({ length: Math.min(1000, LISTENERS - first) }, (_, j) => ({
        email: `radio-listener-${first + j}@bench.example`,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      }));
      const inserted = await db.insertInto('users').values(rows).returning('id').execute();
      userIds.push(...inserted.map((row) => row.id));
    }
    // Each listener has a taste: a neighbourhood of the catalogue (its albums and genres lie
    // together), played most, beside the hits everyone plays.
    const next = generator();
    const perListener = Math.max(1, Math.floor(PLAYS / LISTENERS));
    const day = 86_400_000;
    let batch: Insertable<PlaysTable>[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      await db.insertInto('plays').values(rows).execute();
    };
    for (const [u, userId] of userIds.entries()) {
      const home = Math.floor(next() * trackIds.length);
      for (let p = 0; p < perListener; p++) {
        const hit = next() < 0.2;
        const at = hit
          ? Math.floor(Math.pow(next(), 4) * trackIds.length)
          : (home + Math.floor((next() - 0.5) * 400) + trackIds.length) % trackIds.length;
        batch.push({
          track_id: trackIds[at]!,
          user_id: userId,
          session_id: `radio-bench-${u}`,
          played_ms: 60_000,
          device: 'desktop',
          country: null,
          created_at: new Date(Date.now() - Math.floor(next() * 30 * day)).toISOString(),
        });
        if (batch.length >= 2000) await flush();
      }
    }
    await flush();
    // What PostgreSQL's autovacuum would have done by then: the plays' statistics and visibility
    // map, without which it reads the table beside an index that holds every column it needs.
    if (t.db.dialect === 'postgres') await sql`vacuum analyze plays`.execute(db);
    note(`Seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s.`);

    const { radio, mixes } = t.app.services.music;
    const viewer = { userId: null, actor: SYSTEM_ACTOR };
    const pick = generator(11);
    // Seeds drawn as listeners press "Start radio": mostly what is played, some of the tail.
    const seeds = Array.from(
      { length: SAMPLES },
      () => trackIds[Math.floor(Math.pow(pick(), 2) * trackIds.length)]!,
    );
    await timed(20, (i) => radio.ofTrack(seeds[i]!, viewer));
    const radioTimes = await timed(SAMPLES, (i) => radio.ofTrack(seeds[i]!, viewer));
    note(
      `Radio measured (p50 ${percentile(radioTimes, 50).toFixed(1)} ms, p99 ${percentile(radioTimes, 99).toFixed(1)} ms).`,
    );

    const day1 = new Date().toISOString().slice(0, 10);
    const mixTimes = await timed(SAMPLES / 2, (i) =>
      mixes.makeFor(userIds[Math.floor((i * userIds.length) / (SAMPLES / 2))]!, day1),
    );

    // Printed now as well: the daily job after it takes half an hour at the full size.
    note(
      `Mixes measured (p50 ${percentile(mixTimes, 50).toFixed(1)} ms, p99 ${percentile(mixTimes, 99).toFixed(1)} ms).`,
    );
    // The daily job on a fresh day, with its memory sampled as it runs.
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 100);
    const started = performance.now();
    const { made } = await mixes.refreshDaily(Date.now() + day);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const rows: GoalRow[] = [
      {
        name: `Radio of a track, p99 ms (p50 ${percentile(radioTimes, 50).toFixed(1)})`,
        figure: percentile(radioTimes, 99),
        goal: '< 50',
        met: percentile(radioTimes, 99) < 50,
      },
      {
        name: `Mixes of a listener, p99 ms (p50 ${percentile(mixTimes, 50).toFixed(1)})`,
        figure: percentile(mixTimes, 99),
        goal: '< 200',
        met: percentile(mixTimes, 99) < 200,
      },
      {
        name: `Daily mixes of ${made} listeners, s`,
        figure: seconds,
        goal: 'figure',
        met: true,
        detail: `${((seconds * 1000) / Math.max(made, 1)).toFixed(1)} ms each`,
      },
      {
        name: 'Daily mixes, peak memory MB (RSS)',
        figure: mb(peakRss),
        goal: 'figure',
        met: true,
        detail: `heap peak ${mb(peakHeap)} MB, ${mb(peakHeap - before.heapUsed)} MB over the start`,
      },
    ];
    printGoals(
      rows,
      `Radio and mixes: ${PLAYS} plays of ${LISTENERS} listeners over ${TRACKS} tracks (${t.db.dialect})`,
    );
  } finally {
    await t.close();
  }
}

await main();
