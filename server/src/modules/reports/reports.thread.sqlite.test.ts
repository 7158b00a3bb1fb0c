import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { importTrack } from '../music/music.fixtures.js';
import * as repo from './reports.repo.js';
import { createReportsService } from './reports.service.js';
import { createReportsThread } from './reports.thread.js';

// The thread opens the database's file: SQLite only (files named *.sqlite.test.ts are left out
// of the PostgreSQL run, where queries never hold the server's thread).

let t: TestApp;
const now = new Date('2026-05-10T12:00:00Z');
const range = { from: '2026-05-04T00:00:00.000Z', to: '2026-05-11T00:00:00.000Z' };
const query: repo.FiguresQuery = {
  split: { rolled: null, live: range },
  range,
  at: now.toISOString(),
};

beforeAll(async () => {
  t = await createTestApp();
  const { trackId } = await importTrack(t.app, t.config.dataDir, {
    title: 'Echo',
    artists: ['Dee'],
  });
  await t.db.kysely
    .insertInto('plays')
    .values(
      ['2026-05-08T10:00:00.000Z', '2026-05-09T10:00:00.000Z', '2026-05-10T10:00:00.000Z'].map(
        (created_at, i) => ({
          track_id: trackId,
          user_id: null,
          session_id: `listener-${i % 2}`,
          played_ms: 60_000,
          device: 'desktop',
          browser: 'Firefox',
          platform: 'Linux',
          country: 'PT',
          created_at,
        }),
      ),
    )
    .execute();
});
afterAll(() => t.close());

describe("the reports' thread", () => {
  it("reads the same figures as the server's thread, and stops once idle", async () => {
    const thread = createReportsThread(t.db.file!, { idleMs: 50 });
    expect(thread.running).toBe(false);
    const figures = await thread.read(query);
    expect(figures).toEqual(await repo.figures(t.db.kysely, query));
    expect(figures.totals).toEqual({ plays: 3, listeners: 2 });
    expect(figures.topArtists).toEqual([expect.objectContaining({ name: 'Dee', count: 3 })]);
    await vi.waitFor(() => expect(thread.running).toBe(false));
    // Asked again, it starts again.
    expect((await thread.read(query)).totals.plays).toBe(3);
    await thread.close();
    expect(thread.running).toBe(false);
  });

  it('gives the same report as one read here, each day of the week', async () => {
    const thread = createReportsThread(t.db.file!);
    const clock = () => now.getTime();
    const there = await createReportsService(t.db.kysely, { clock, thread }).report({ days: 7 });
    const here = await createReportsService(t.db.kysely, { clock }).report({ days: 7 });
    expect(there).toEqual(here);
    expect(there.days.map((day) => day.plays)).toEqual([0, 0, 0, 0, 1, 1, 1]);
    await thread.close();
  });

  it('logs its statements to the query log, as the server logs its own', async () => {
    const queryLog = path.join(t.config.dataDir, 'reports-thread-queries.log');
    const thread = createReportsThread(t.db.file!, { queryLog });
    await thread.read(query);
    await thread.close();
    const logged = fs
      .readFileSync(queryLog, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { sql: string; ms: number });
    expect(logged.some((line) => /from "?plays"?/.test(line.sql))).toBe(true);
    expect(logged.every((line) => line.ms >= 0)).toBe(true);
  });

  it('fails its callers when it cannot read, and the report is read here instead', async () => {
    const thread = createReportsThread(path.join(t.config.dataDir, 'missing.sqlite'));
    await expect(thread.read(query)).rejects.toThrow('unable to open database file');

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const clock = () => now.getTime();
    const report = await createReportsService(t.db.kysely, { clock, thread }).report({ days: 7 });
    expect(report.totals.plays).toBe(3);
    expect(logged).toHaveBeenCalledWith(
      'reading a report on its thread failed; reading it here',
      expect.any(Error),
    );
    logged.mockRestore();
    await thread.close();
  });

  it('answers a read under way when it is closed, with an error', async () => {
    const thread = createReportsThread(t.db.file!);
    const reading = thread.read(query);
    await thread.close();
    await expect(reading).rejects.toThrow('The reports thread ended');
  });
});
