import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../infra/jobs/index.js';
import { isRedisUnreachable } from '../infra/redis.js';
import { listen, openStream } from '../modules/notifications/notifications.testing.js';
import { createUser } from '../test/factories.js';
import { startRedisServer, type RedisServer } from '../test/redis-server.js';
import { startSmtpServer } from '../test/smtp.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  signedInAdmin,
  type TestApp,
} from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';
import { startPostgres, type PostgresServer } from '../test/postgres-server.js';
import { figuresOf, isOtherError, report, Traffic } from './fault-traffic.js';

/** How long Redis is away: shorter than the ten seconds, to keep the suite quick. */
const OUTAGE_MS = 4_000;
/** How long a client waits for an answer before giving up on it. */
const CLIENT_TIMEOUT_MS = 5_000;

const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe.each(['sqlite', 'postgres'] as const)(
  'Redis killed, then started again (%s)',
  (dialect) => {
    /** A PostgreSQL of the test's own; none on SQLite. */
    let postgres: PostgresServer | undefined;
    let redis: RedisServer;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let t: TestApp;
    let admin: TestClient;
    const ran: string[] = [];
    let probes: JobQueue<{ name: string }>;

    beforeAll(async () => {
      redis = await startRedisServer();
      smtp = await startSmtpServer();
      if (dialect === 'postgres') postgres = await startPostgres();
      t = await createTestApp(
        { REDIS_URL: redis.url, MAIL_URL: smtp.url },
        { postgresUrl: postgres?.url },
      );
      probes = t.app.services.jobs.queue<{ name: string }>('fault-probe', async ({ name }) => {
        ran.push(name);
      });
      await listen(t.app);
      admin = await signedInAdmin(t.app);
    });

    afterAll(async () => {
      await t?.close();
      await redis?.stop();
      await smtp?.close();
      await postgres?.stop();
    });

    it('keeps answering, refuses only what needs Redis, and heals by itself within seconds', async () => {
      const listener = await createUser(t.app);
      const listenerClient = new TestClient(t.app);
      await listenerClient.login(listener.email, listener.plainPassword);
      const before = await openStream(t.app, listenerClient);
      await before.next((event) => event.event === 'unread');
      const first = await t.app.services.notifications.notify(listener.id, 'newFollower', () => ({
        lines: [{ type: 'primary', content: 'Sent before Redis went away' }],
      }));
      await before.next((event) => event.event === 'notification' && event.id === first!.id);

      const traffic = new Traffic(CLIENT_TIMEOUT_MS);
      const acknowledged: string[] = [];
      let written = 0;
      traffic.loop('read', () => admin.get('/api/v1/me'));
      // Each sign-in counts against the login limits, which live in Redis; paced to stay well under
      // the per-address limit, as a few users would.
      traffic.loop(
        'sign-in',
        async () => {
          const client = await new TestClient(t.app).visit();
          return client.post('/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
        },
        200,
      );
      traffic.loop('write', async () => {
        const name = `Written #${++written}`;
        const answer = await admin.post('/api/v1/playlists', { name });
        if (answer.statusCode === 201) acknowledged.push(name);
        return answer;
      });
      // Marking read publishes the new count to the user's streams.
      traffic.loop('live', () =>
        admin.post('/api/v1/notifications/mark-as-read', { markAllAsRead: true }),
      );

      await new Promise((resolve) => setTimeout(resolve, 500));
      const from = traffic.now();
      await redis.halt();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
      // Operators see which part is missing.
      const away = await admin.get('/api/v1/health/ready');
      expect(away.statusCode).toBe(503);
      expect(away.json()).toMatchObject({ status: 'unavailable', checks: { redis: 'error' } });
      // A job cannot be kept while Redis is away: adding one is refused at once, not left hanging.
      const refused = await probes.add({ name: 'during' }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isRedisUnreachable(refused)).toBe(true);
      // Mail cannot be queued: a reset link still reaches the listener, sent straight away.
      const reset = await (
        await new TestClient(t.app).visit()
      ).post('/auth/forgot-password', {
        email: listener.email,
      });
      expect(reset.statusCode).toBe(200);
      expect((await smtp.waitFor(listener.email, /Reset your password/)).text).toContain(
        '/password/reset/',
      );
      // A notification is stored even though its live event cannot be sent.
      const missed = await t.app.services.notifications.notify(listener.id, 'newFollower', () => ({
        lines: [{ type: 'primary', content: 'Sent while Redis was away' }],
      }));
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
      await redis.resume();
      const to = traffic.now();

      const kinds = ['read', 'sign-in', 'write', 'live'];
      // Every connection reconnects on its own backoff: readiness says so once all are back.
      let ready = false;
      const watchReadiness = (async () => {
        while (!ready && traffic.now() - to < 5_000) {
          ready = (await admin.get('/api/v1/health/ready')).statusCode === 200;
          if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      await until(() => traffic.isBack(kinds, to) && before.ended, 5_000);
      await watchReadiness;
      await traffic.stop();
      expect(ready).toBe(true);

      const stored = new Set(
        (await t.db.kysely.selectFrom('playlists').select('name').execute()).map((row) => row.name),
      );
      const lost = acknowledged.filter((name) => !stored.has(name));
      const figures = figuresOf(
        `redis-killed-${dialect}`,
        traffic.answers,
        { from, to },
        lost.length,
      );
      report(figures);

      expect(traffic.answers.filter(isOtherError)).toEqual([]);
      // Rate limits fell back to this instance's own counts: signing in kept working.
      const during = traffic.answers.filter((answer) => answer.at >= from + 500 && answer.at < to);
      expect(
        during.filter((answer) => answer.kind === 'sign-in' && answer.status === 200),
      ).not.toEqual([]);
      expect(figures.recoverySeconds).toBeLessThan(5);
      expect(lost).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(0);

      // The stream open through the outage ended once Redis was back, so the browser opens it again
      // with the last id it saw, and gets what it missed, then what comes next.
      expect(before.ended).toBe(true);
      expect(before.events.findLast((event) => event.id)?.id).toBe(first!.id);
      const again = await openStream(t.app, listenerClient, { 'last-event-id': first!.id });
      await again.next((event) => event.event === 'notification' && event.id === missed!.id);
      const after = await t.app.services.notifications.notify(listener.id, 'newFollower', () => ({
        lines: [{ type: 'primary', content: 'Sent after Redis came back' }],
      }));
      await again.next((event) => event.event === 'notification' && event.id === after!.id, 3_000);
      await again.close();

      // The queue takes jobs again, and its workers run them, once each.
      await probes.add({ name: 'after' });
      await until(() => ran.includes('after'), 5_000);
      expect(ran.filter((name) => name === 'after')).toEqual(['after']);
      expect(ran).not.toContain('during');
    });
  },
);
