import type { Report } from '@cadenza/contracts/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../test/factories.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { importTrack } from '../music/music.fixtures.js';
import { SYSTEM_ACTOR } from '../music/actor.js';
import { createReportsService } from './reports.service.js';

/*
 * The dashboard against a small catalogue whose plays, sign-ups and subscriptions are counted by
 * hand below: three days of March, with plays just outside the range on either side.
 */

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t.app);
  const db = t.db.kysely;

  const alpha = await importTrack(t.app, t.config.dataDir, {
    title: 'Alpha',
    artists: ['Ann'],
    album: 'First',
  });
  const beta = await importTrack(t.app, t.config.dataDir, {
    title: 'Beta',
    artists: ['Ann', 'Bo'],
    album: 'First',
  });
  const gamma = await importTrack(t.app, t.config.dataDir, {
    title: 'Gamma',
    artists: ['Cy'],
    album: null,
  });
  const u1 = await createUser(t.app);
  const u2 = await createUser(t.app);

  const play = (
    track: number,
    created_at: string,
    who: { user?: number; session: string },
    client: [device: string, browser: string, platform: string, country: string | null],
  ) => ({
    track_id: track,
    user_id: who.user ?? null,
    session_id: who.session,
    played_ms: 60_000,
    device: client[0],
    browser: client[1],
    platform: client[2],
    country: client[3],
    created_at,
  });
  const chromeWindows = ['desktop', 'Chrome', 'Windows', 'BR'] as const;
  const firefoxLinux = ['desktop', 'Firefox', 'Linux', 'US'] as const;
  await db
    .insertInto('plays')
    .values([
      play(alpha.trackId, '2026-03-01T08:00:00.000Z', { user: u1.id, session: 'a' }, [
        ...chromeWindows,
      ]),
      play(alpha.trackId, '2026-03-01T23:59:59.000Z', { session: 's1' }, [...firefoxLinux]),
      play(alpha.trackId, '2026-03-02T10:00:00.000Z', { user: u1.id, session: 'b' }, [
        ...chromeWindows,
      ]),
      play(beta.trackId, '2026-03-02T11:00:00.000Z', { session: 's2' }, [
        'mobile',
        'Safari',
        'iOS',
        'BR',
      ]),
      play(beta.trackId, '2026-03-03T09:00:00.000Z', { user: u2.id, session: 'c' }, [
        'mobile',
        'Chrome',
        'Android',
        null,
      ]),
      play(gamma.trackId, '2026-03-03T20:00:00.000Z', { session: 's1' }, [...firefoxLinux]),
      // Outside the range, one second before it and at its very end.
      play(alpha.trackId, '2026-02-28T23:59:59.000Z', { session: 'early' }, [...chromeWindows]),
      play(alpha.trackId, '2026-03-04T00:00:00.000Z', { session: 'late' }, [...chromeWindows]),
    ])
    .execute();
  await db
    .updateTable('users')
    .set({ created_at: '2026-03-02T12:00:00.000Z' })
    .where('id', 'in', [u1.id, u2.id])
    .execute();

  const prices = await db.selectFrom('prices').selectAll().where('product_id', '=', 2).execute();
  const monthly = prices.find((price) => price.interval === 'month')!;
  const yearly = prices.find((price) => price.interval === 'year')!;
  const subscription = (
    user: number,
    price: number,
    gateway: string,
    status: string,
    ends_at: string | null,
  ) => ({
    user_id: user,
    product_id: 2,
    price_id: price,
    gateway,
    gateway_id: null,
    gateway_status: status,
    trial_ends_at: null,
    renews_at: null,
    ends_at,
    grace_ends_at: null,
    pending_product_id: null,
    pending_price_id: null,
    pending_from: null,
    voucher_id: null,
    refunded_at: null,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
  });
  const u3 = await createUser(t.app);
  const u4 = await createUser(t.app);
  await db
    .insertInto('subscriptions')
    .values([
      subscription(u1.id, monthly.id, 'stripe', 'active', null),
      subscription(u2.id, yearly.id, 'stripe', 'active', null),
      // A free year from a voucher: a subscription, but no revenue.
      subscription(u3.id, yearly.id, 'voucher', 'active', '2027-03-01T00:00:00.000Z'),
      // A grant an admin ended: neither.
      subscription(u4.id, monthly.id, 'manual', 'canceled', '2026-03-02T00:00:00.000Z'),
    ])
    .execute();
});
afterAll(() => t.close());

describe('the reports dashboard', () => {
  it('counts plays, listeners, sign-ups and what was played, by hand-counted fixtures', async () => {
    const response = await admin.get('/api/v1/admin/reports?from=2026-03-01&to=2026-03-03');
    expect(response.statusCode, response.body).toBe(200);
    const { report } = response.json();
    expect(report.from).toBe('2026-03-01');
    expect(report.to).toBe('2026-03-03');
    // Listeners: two users and two guest sessions.
    expect(report.totals).toMatchObject({ plays: 6, listeners: 4, new_users: 2 });
    expect(report.days).toEqual([
      { day: '2026-03-01', plays: 2, listeners: 2, new_users: 0 },
      { day: '2026-03-02', plays: 2, listeners: 2, new_users: 2 },
      { day: '2026-03-03', plays: 2, listeners: 2, new_users: 0 },
    ]);
    const names = (list: { name: string; count: number }[]) =>
      list.map(({ name, count }) => [name, count]);
    expect(names(report.top_tracks)).toEqual([
      ['Alpha', 3],
      ['Beta', 2],
      ['Gamma', 1],
    ]);
    // Beta is by Ann and Bo: its plays count for both.
    expect(names(report.top_artists)).toEqual([
      ['Ann', 5],
      ['Bo', 2],
      ['Cy', 1],
    ]);
    expect(names(report.top_albums)).toEqual([['First', 5]]);
    expect(names(report.devices)).toEqual([
      ['desktop', 4],
      ['mobile', 2],
    ]);
    expect(names(report.browsers)).toEqual([
      ['Chrome', 3],
      ['Firefox', 2],
      ['Safari', 1],
    ]);
    expect(names(report.platforms)).toEqual([
      ['Linux', 2],
      ['Windows', 2],
      ['Android', 1],
      ['iOS', 1],
    ]);
    expect(names(report.countries)).toEqual([
      ['BR', 3],
      ['US', 2],
    ]);
  });

  it('counts the subscriptions that grant a plan now and their monthly revenue', async () => {
    const { report } = (await admin.get('/api/v1/admin/reports?days=7')).json();
    expect(report.totals.active_subscriptions).toBe(3);
    // 19.90 a month, plus 199.00 a year as a twelfth: 1990 + 1658.33 cents.
    expect(report.totals.monthly_revenue).toEqual([{ currency: 'BRL', amount: 3648 }]);
    expect(report.days).toHaveLength(7);
    expect(report.totals.plays).toBe(0);
  });

  it('keeps a report while nothing changed, and counts a new play at once', async () => {
    const reports = t.app.services.reports;
    const range = { days: 7 };
    const [first, concurrent] = await Promise.all([reports.report(range), reports.report(range)]);
    expect(concurrent).toBe(first);
    expect(await reports.report(range)).toBe(first);

    const track = await t.db.kysely.selectFrom('tracks').select('id').executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('plays')
      .values({
        track_id: track.id,
        user_id: null,
        session_id: 'fresh',
        played_ms: 60_000,
        device: 'tablet',
        browser: null,
        platform: null,
        country: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const after = await reports.report(range);
    expect(after.totals.plays).toBe(first.totals.plays + 1);
    expect(after.devices).toContainEqual({ name: 'tablet', count: 1 });
    await t.db.kysely.deleteFrom('plays').where('session_id', '=', 'fresh').execute();
  });

  it('counts the same whether days come from their rollups or from the plays', async () => {
    const range = { from: '2026-03-01', to: '2026-03-03' };
    const at = (instant: string) =>
      createReportsService(t.db.kysely, { clock: () => Date.parse(instant) });
    // Seen from February, every day is still to come: all counted from the plays.
    const live = await at('2026-02-27T12:00:00Z').report(range);
    // Seen on the 3rd, the 1st and 2nd are over and rolled up; the 3rd is counted from the plays.
    const mixed = await at('2026-03-03T12:00:00Z').report(range);
    // Seen later, all three are rolled up.
    const rolled = await at('2026-04-01T12:00:00Z').report(range);
    // Subscriptions are counted at the moment of each report: only the plays are compared.
    const plays = ({ totals, days, top_tracks, top_artists, top_albums, ...clients }: Report) => ({
      totals: { plays: totals.plays, listeners: totals.listeners },
      days,
      top_tracks,
      top_artists,
      top_albums,
      clients: [clients.devices, clients.browsers, clients.platforms, clients.countries],
    });
    expect(plays(mixed)).toEqual(plays(live));
    expect(plays(rolled)).toEqual(plays(live));
    expect(live.totals).toMatchObject({ plays: 6, listeners: 4 });

    const days = await t.db.kysely
      .selectFrom('report_days')
      .select(['day', 'plays', 'listeners'])
      .where('day', '>=', '2026-03-01')
      .where('day', '<=', '2026-03-03')
      .orderBy('day')
      .execute();
    expect(days).toEqual([
      { day: '2026-03-01', plays: 2, listeners: 2 },
      { day: '2026-03-02', plays: 2, listeners: 2 },
      { day: '2026-03-03', plays: 2, listeners: 2 },
    ]);
  });

  it('rolls up a day only once it is over, on its schedule', async () => {
    const reports = createReportsService(t.db.kysely, {
      clock: () => Date.parse('2026-03-05T00:02:00Z'),
    });
    await reports.rollUpFinishedDays();
    const rolled = await t.db.kysely
      .selectFrom('report_days')
      .select('day')
      .where('day', '>=', '2026-03-03')
      .where('day', '<=', '2026-03-31')
      .orderBy('day')
      .execute();
    // The 4th ended two minutes ago: a play of a request begun before midnight may still come.
    expect(rolled.map((row) => row.day)).toEqual(['2026-03-03']);
    const year = await t.db.kysely
      .selectFrom('report_days')
      .select((eb) => eb.fn.countAll<number>().as('days'))
      .where('day', '<=', '2026-03-03')
      .executeTakeFirstOrThrow();
    expect(Number(year.days)).toBe(366);
  });

  it('refuses a range that ends before it starts, or has one date only', async () => {
    const backwards = await admin.get('/api/v1/admin/reports?from=2026-03-03&to=2026-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toEqual(['The range must end after it starts.']);
    const half = await admin.get('/api/v1/admin/reports?from=2026-03-03');
    expect(half.statusCode).toBe(422);
    for (const query of [
      'from=2026-02-30&to=2026-03-01',
      'from=2673-24-00&to=2769-73-75',
      'from=2024-01-01&to=2026-01-01',
    ]) {
      const refused = await admin.get(`/api/v1/admin/reports?${query}`);
      expect(refused.statusCode, query).toBe(422);
    }
  });

  it("answers an admin's API token, as scripts and the benchmark call it", async () => {
    const { plainTextToken } = (
      await admin.post('/api/v1/access-tokens', { tokenName: 'reports' })
    ).json();
    const response = await new TestClient(t.app).get('/api/v1/admin/reports?days=7', {
      headers: { authorization: `Bearer ${plainTextToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('is refused to listeners (403) and guests (401)', async () => {
    const { client } = await signedInUser(t.app);
    expect((await client.get('/api/v1/admin/reports')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/v1/admin/reports')).statusCode).toBe(401);
  });
});

describe('plays', () => {
  it('remember the browser and system they came from', async () => {
    const track = await importTrack(t.app, t.config.dataDir, { title: 'Delta' });
    await t.app.services.music.plays.log({
      trackId: track.trackId,
      userId: null,
      sessionId: 'ua-check',
      playedMs: 60_000,
      ended: true,
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ip: null,
      actor: SYSTEM_ACTOR,
    });
    const row = await t.db.kysely
      .selectFrom('plays')
      .select(['device', 'browser', 'platform'])
      .where('session_id', '=', 'ua-check')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ device: 'desktop', browser: 'Chrome', platform: 'Linux' });
  });
});
