import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from '../test/postgres-server.js';
import { createTestApp, signedInAdmin, type TestApp } from '../test/test-app.js';
import type { TestClient } from '../test/test-client.js';
import { figuresOf, isOtherError, report, Traffic } from './fault-traffic.js';

/** How long PostgreSQL is away: long enough for every kind of request to meet it. */
const OUTAGE_MS = 10_000;
/** How long a client waits for an answer before giving up on it. */
const CLIENT_TIMEOUT_MS = 8_000;

let postgres: PostgresServer;
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  postgres = await startPostgres();
  t = await createTestApp({}, { postgresUrl: postgres.url });
  admin = await signedInAdmin(t.app);
});

afterAll(async () => {
  await t?.close();
  await postgres?.stop();
});

describe('PostgreSQL going away for ten seconds, then coming back', () => {
  it('refuses clearly while it is away, heals by itself within seconds and loses no write', async () => {
    const traffic = new Traffic(CLIENT_TIMEOUT_MS);
    const acknowledged: string[] = [];
    let written = 0;
    traffic.loop('read', () => admin.get('/api/v1/me'));
    traffic.loop('search', () => admin.get('/api/v1/search', { query: { query: 'night' } }));
    for (const writer of ['a', 'b']) {
      traffic.loop('write', async () => {
        const name = `Written by ${writer} #${++written}`;
        const answer = await admin.post('/api/v1/playlists', { name });
        if (answer.statusCode === 201) acknowledged.push(name);
        return answer;
      });
    }

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const from = traffic.now();
    await postgres.halt();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
    // Operators see which part is missing.
    const ready = await admin.get('/api/v1/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'error' } });
    const refused = await admin.get('/api/v1/me');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().message).toBe(
      'The service cannot reach its database. Try again in a few seconds.',
    );
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
    await postgres.resume();
    const to = traffic.now();

    // Every kind of request is answered as before, without restarting the app.
    await traffic.untilBack(['read', 'search', 'write'], to, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await traffic.stop();
    expect((await admin.get('/api/v1/health/ready')).statusCode).toBe(200);

    const stored = new Set(
      (await t.db.kysely.selectFrom('playlists').select('name').execute()).map((row) => row.name),
    );
    const lost = acknowledged.filter((name) => !stored.has(name));
    const figures = figuresOf('postgresql-stopped', traffic.answers, { from, to }, lost.length);
    report(figures);

    expect(traffic.answers.filter(isOtherError)).toEqual([]);
    expect(figures.unavailable).toBeGreaterThan(0);
    expect(figures.recoverySeconds).toBeLessThan(5);
    expect(lost).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
  });
});
