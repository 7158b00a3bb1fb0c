import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys } from '../../test/redis.js';
import { buildApp } from '../../app.js';
import { createUser, signedInUser } from '../../test/factories.js';
import { startSmtpServer } from '../../test/smtp.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { importTrack, trackInput } from '../music/music.fixtures.js';
import { listen, openStream } from './notifications.testing.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ MAIL_URL: smtp.url });
  await listen(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A notification of a plain kind (a new follower) for the user, as another module sends it. */
const notify = (userId: number, text: string) =>
  t.app.services.notifications.notify(userId, 'newFollower', () => ({
    lines: [{ type: 'primary', content: text }],
    mainAction: { label: 'Open', action: '/discover' },
  }));

async function list(client: TestClient, query = '') {
  const response = await client.get(`/api/v1/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().pagination;
}

describe('the notification list', () => {
  it('pages 30 at a time, newest first, with the unread count on the user', async () => {
    const { user, client } = await signedInUser(t.app);
    for (let index = 1; index <= 32; index++) await notify(user.id, `Note ${index}`);
    const first = await list(client);
    expect(first).toMatchObject({ current_page: 1, per_page: 30, total: 32, last_page: 2 });
    expect(first.data[0]).toMatchObject({
      type: 'music.new_follower',
      read_at: null,
      data: { lines: [{ type: 'primary', content: 'Note 32' }] },
    });
    expect(first.data[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await list(client, '?page=2')).data.map(
        (n: { data: { lines: { content: string }[] } }) => n.data.lines[0]!.content,
      ),
    ).toEqual(['Note 2', 'Note 1']);
    const me = (await client.get('/api/v1/me')).json().user;
    expect(me.unread_notifications_count).toBe(32);
  });

  it('marks some read, then all, and deletes; another user’s ids change nothing and are not found', async () => {
    const { user, client } = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const mine = [
      await notify(user.id, 'A'),
      await notify(user.id, 'B'),
      await notify(user.id, 'C'),
    ];
    const theirs = await notify(other.user.id, 'Theirs');

    const marked = await client.post('/api/v1/notifications/mark-as-read', {
      ids: [mine[0]!.id, theirs!.id],
    });
    expect(marked.json()).toEqual({ unreadCount: 2 });
    expect((await other.client.get('/api/v1/me')).json().user.unread_notifications_count).toBe(1);

    expect(
      (await client.post('/api/v1/notifications/mark-as-read', { markAllAsUnread: true })).json(),
    ).toEqual({
      unreadCount: 0,
    });
    expect(
      (await list(client)).data.every((n: { read_at: string | null }) => n.read_at !== null),
    ).toBe(true);

    expect((await client.request('DELETE', `/api/v1/notifications/${theirs!.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await client.request('DELETE', `/api/v1/notifications/${mine[1]!.id},${theirs!.id}`))
        .statusCode,
    ).toBe(404);
    expect((await client.request('DELETE', '/api/v1/notifications/not-a-uuid')).statusCode).toBe(
      422,
    );
    expect(
      (await client.request('DELETE', `/api/v1/notifications/${mine[1]!.id},${mine[2]!.id}`))
        .statusCode,
    ).toBe(200);
    expect((await list(client)).total).toBe(1);
    expect((await list(other.client)).total).toBe(1);
    expect(
      (await client.post('/api/v1/notifications/mark-as-read', { ids: ['nope'] })).statusCode,
    ).toBe(422);
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/notifications')).statusCode).toBe(401);
  });
});

describe('channels and settings', () => {
  it('lists the kinds by group with the user’s channels, and keeps changes', async () => {
    const { client } = await signedInUser(t.app);
    const settings = (await client.get('/api/v1/notifications/me/subscriptions')).json();
    expect(settings.available_channels).toEqual(['database', 'email', 'browser']);
    expect(settings.subscriptions.map((group: { group_name: string }) => group.group_name)).toEqual(
      ['Workspaces', 'Security', 'Music', 'Backstage'],
    );
    // Requests to review are for those who review them: a listener is not offered them.
    const backstage = (list: { group_name: string; subscriptions: { notif_id: string }[] }[]) =>
      list.find((group) => group.group_name === 'Backstage')!.subscriptions.map((n) => n.notif_id);
    expect(backstage(settings.subscriptions)).toEqual(['backstage.answer']);
    const admin = await signedInAdmin(t.app);
    const theirs = (await admin.get('/api/v1/notifications/me/subscriptions')).json();
    expect(backstage(theirs.subscriptions)).toEqual(['backstage.request', 'backstage.answer']);
    expect(settings.user_selections).toContainEqual({
      notif_id: 'music.new_follower',
      channels: { database: true, email: false, browser: true },
    });
    const changed = await client.request('PUT', '/api/v1/notifications/me/subscriptions', {
      selections: [{ notif_id: 'music.new_follower', channels: { email: true, browser: false } }],
    });
    expect(changed.json().user_selections).toContainEqual({
      notif_id: 'music.new_follower',
      channels: { database: true, email: true, browser: false },
    });
    const unknown = await client.request('PUT', '/api/v1/notifications/me/subscriptions', {
      selections: [{ notif_id: 'nothing.like.this', channels: { email: true } }],
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('honours the choices: nothing stored without the list, no mail without e-mail', async () => {
    const { user, client } = await signedInUser(t.app);
    await client.request('PUT', '/api/v1/notifications/me/subscriptions', {
      selections: [{ notif_id: 'music.new_follower', channels: { database: false } }],
    });
    await notify(user.id, 'Not kept');
    expect((await list(client)).total).toBe(0);
  });

  it('mails a notification in the user’s language with a link that unsubscribes without signing in', async () => {
    const { user, client } = await signedInUser(t.app);
    await t.app.services.users.update(user.id, { language: 'pt-BR' });
    const changed = await client.request('PUT', '/auth/user/password', {
      current_password: user.plainPassword,
      password: 'an entirely new phrase',
      password_confirmation: 'an entirely new phrase',
    });
    expect(changed.statusCode).toBe(200);
    const mail = await smtp.waitFor(user.email, /Sua senha foi alterada/);
    const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line;
    expect(header('list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(header('list-unsubscribe')).toMatch(/\/api\/v1\/notifications\/unsubscribe\//);
    const link = /\/notifications\/unsubscribe\/([\w.-]+)/.exec(mail.text ?? '')![1]!;

    const stranger = new TestClient(t.app);
    expect(
      (await stranger.post(`/api/v1/notifications/unsubscribe/${link}x`, {}, { withoutXsrf: true }))
        .statusCode,
    ).toBe(404);
    const done = await stranger.post(
      `/api/v1/notifications/unsubscribe/${link}`,
      {},
      { withoutXsrf: true },
    );
    expect(done.statusCode).toBe(200);
    const selections = (await client.get('/api/v1/notifications/me/subscriptions')).json()
      .user_selections;
    expect(selections).toContainEqual({
      notif_id: 'account.password_changed',
      channels: { database: true, email: false, browser: false },
    });
    // A token names one user and one kind: another user's cannot be made from it.
    const [payload] = link.split('.');
    const forged = `${Buffer.from(`${user.id + 1}:account.password_changed`).toString('base64url')}.${link.split('.')[1]}`;
    expect(payload).toBeTruthy();
    expect(
      (
        await stranger.post(
          `/api/v1/notifications/unsubscribe/${forged}`,
          {},
          { withoutXsrf: true },
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('what the app notifies about', () => {
  it('a new follower, a sign-in from a new browser and two-factor changes', async () => {
    const { user, client } = await signedInUser(t.app);
    const fan = await signedInUser(t.app);
    await fan.client.post('/api/v1/users/me/follows', {
      followable_type: 'user',
      followable_id: user.id,
    });
    const types = async () => (await list(client)).data.map((n: { type: string }) => n.type);
    expect(await types()).toContain('music.new_follower');

    const phone = new TestClient(t.app);
    await phone.visit();
    const login = await phone.post(
      '/auth/login',
      { email: user.email, password: user.plainPassword },
      {
        headers: {
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1',
        },
      },
    );
    expect(login.statusCode).toBe(200);
    expect(await types()).toContain('account.new_sign_in');
    await t.app.services.twoFactor.enable(user.id);
    await t.app.services.twoFactor.confirm(
      user.id,
      await t.app.services.twoFactor.currentCode((await t.app.services.users.findById(user.id))!),
    );
    expect(await types()).toContain('account.two_factor_changed');
  });

  it('a new release of an artist one follows', async () => {
    const { client } = await signedInUser(t.app);
    const artist = `Artist ${crypto.randomUUID().slice(0, 8)}`;
    const first = await importTrack(t.app, t.config.dataDir, { artists: [artist], album: 'Debut' });
    await client.post('/api/v1/users/me/follows', {
      followable_type: 'artist',
      followable_id: first.artistIds[0],
    });
    await importTrack(t.app, t.config.dataDir, { artists: [artist], album: 'Second Album' });
    const releases = (await list(client)).data.filter(
      (n: { type: string }) => n.type === 'music.new_release',
    );
    expect(releases).toHaveLength(1);
    expect(releases[0].data.lines[0].content).toBe(
      `<b>${artist}</b> released <b>Second Album</b>.`,
    );
    expect(releases[0].data.mainAction.action).toMatch(/^\/album\/\d+\//);

    // An album whose tracks are imported together is announced once.
    await t.app.services.catalogue.importTracks(
      [1, 2, 3].map((trackNumber) =>
        trackInput(t.config.dataDir, { artists: [artist], album: 'Third Album', trackNumber }),
      ),
    );
    const announced = (await list(client)).data.filter(
      (n: { type: string }) => n.type === 'music.new_release',
    );
    expect(
      announced.map((n: { data: { lines: { content: string }[] } }) => n.data.lines[0]!.content),
    ).toEqual([
      `<b>${artist}</b> released <b>Third Album</b>.`,
      `<b>${artist}</b> released <b>Second Album</b>.`,
    ]);
  });
});

describe('live delivery', () => {
  it('streams the count, then each new notification to its owner only, resuming by Last-Event-ID', async () => {
    const { user, client } = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const stream = await openStream(t.app, client);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(await stream.next((e) => e.event === 'unread')).toMatchObject({
      data: { unreadCount: 0 },
    });
    const otherStream = await openStream(t.app, other.client);

    const sent = await notify(user.id, 'Live one');
    const received = await stream.next((e) => e.event === 'notification');
    expect(received).toMatchObject({ id: sent!.id, data: { id: sent!.id, browser: true } });
    await stream.next(
      (e) => e.event === 'unread' && (e.data as { unreadCount: number }).unreadCount === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(otherStream.events.filter((e) => e.event === 'notification')).toEqual([]);

    await stream.close();
    const missed = await notify(user.id, 'While away');
    const again = await openStream(t.app, client, { 'last-event-id': sent!.id });
    expect(await again.next((e) => e.event === 'notification')).toMatchObject({ id: missed!.id });
    await again.close();
    await otherStream.close();
  });

  it('closes when its session ends', async () => {
    const { client } = await signedInUser(t.app);
    const stream = await openStream(t.app, client);
    await stream.next((e) => e.event === 'unread');
    await client.post('/auth/logout');
    await stream.waitForEnd();
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/notifications/stream')).statusCode).toBe(401);
  });

  it('reaches a stream open on another instance through Redis', async () => {
    const prefix = `test-${crypto.randomBytes(6).toString('hex')}:`;
    const a = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix });
    const b = await buildApp(a.config, { db: a.db, announce: () => {} });
    try {
      await listen(a.app);
      await listen(b);
      const user = await createUser(a.app);
      const client = new TestClient(b);
      await client.login(user.email, user.plainPassword);
      const stream = await openStream(b, client);
      await stream.next((e) => e.event === 'unread');
      const sent = await a.app.services.notifications.notify(user.id, 'newFollower', () => ({
        lines: [{ type: 'primary', content: 'Across instances' }],
      }));
      expect(await stream.next((e) => e.event === 'notification')).toMatchObject({ id: sent!.id });
      await stream.close();
    } finally {
      await b.close();
      await a.close();
      await deleteRedisKeys(prefix);
    }
  });
});
