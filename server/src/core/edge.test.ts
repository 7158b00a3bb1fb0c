import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE } from '@cadenza/contracts/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTrack } from '../modules/music/music.fixtures.js';
import { bootstrapDataOf } from '../test/pages.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../test/test-app.js';
import { signedInUser } from '../test/factories.js';
import { TestClient } from '../test/test-client.js';
import { SESSION_COOKIE } from './auth-context.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><!-- cadenza:head --></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ WEB_DIST: webDist });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  cookies: Map<string, string>;
  body: string;
}

/** A request over HTTP, as a browser or a monitor makes it: the edge sits before the app. */
async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(base + url, {
    headers: { 'accept-encoding': 'identity', ...headers },
  });
  // A page is kept once its counts are read, just after it is sent: the next request finds it.
  await t.app.edge.settled();
  const cookies = new Map<string, string>();
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
  }
  // Each answer's own: its date, connection, cookies and request id.
  const own = new Set(['date', 'set-cookie', 'keep-alive', 'connection', 'x-request-id']);
  return {
    status: response.status,
    headers: Object.fromEntries([...response.headers].filter(([name]) => !own.has(name))),
    cookies,
    body: await response.text(),
  };
}

/** Answers the edge sent while `act` ran. */
async function sentByTheEdge(act: () => Promise<unknown>): Promise<number> {
  const before = t.app.edge.sent;
  await act();
  return t.app.edge.sent - before;
}

const cookieHeader = (cookies: Map<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');

describe('the health check', () => {
  it('is answered from its second request on as the app answered the first', async () => {
    const first = await get('/api/v1/health');
    let again: Answer | undefined;
    expect(await sentByTheEdge(async () => (again = await get('/api/v1/health')))).toBe(1);
    expect(again).toEqual(first);
    expect(first).toMatchObject({ status: 200, body: '{"status":"ok"}' });
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.cookies.size).toBe(0);
  });

  it('leaves other addresses to the app: a query, another method', async () => {
    expect(await sentByTheEdge(() => get('/api/v1/health?probe=1'))).toBe(0);
    const head = await fetch(`${base}/api/v1/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});

describe("a guest's page", () => {
  it('is the app’s own answer, with a session and token of their own for each new visitor', async () => {
    const first = await get('/login');
    let second: Answer | undefined;
    expect(await sentByTheEdge(async () => (second = await get('/login')))).toBe(1);
    expect(second!.body).toBe(first.body);
    expect(second!.headers).toEqual(first.headers);
    expect(bootstrapDataOf(second!.body).user).toBeNull();

    const [one, two] = [first.cookies, second!.cookies];
    expect([...two.keys()].sort()).toEqual([SESSION_COOKIE, XSRF_COOKIE].sort());
    expect(two.get(SESSION_COOKIE)).toMatch(/^guest\./);
    expect(two.get(SESSION_COOKIE)).not.toBe(one.get(SESSION_COOKIE));
    expect(two.get(XSRF_COOKIE)).not.toBe(one.get(XSRF_COOKIE));

    // The token is the one the app takes for that session: a sign-in with it is judged on its
    // password (422), not turned away as forged (419).
    const signIn = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: {
        cookie: cookieHeader(two),
        'x-xsrf-token': two.get(XSRF_COOKIE)!,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: 'not the password' }),
    });
    expect(signIn.status).toBe(422);
  });

  it('sets no cookie for a returning guest, and puts a wrong token right', async () => {
    const { cookies } = await get('/login');
    let back: Answer | undefined;
    expect(
      await sentByTheEdge(
        async () => (back = await get('/login', { cookie: cookieHeader(cookies) })),
      ),
    ).toBe(1);
    expect(back!.cookies.size).toBe(0);

    const wrong = new Map(cookies).set(XSRF_COOKIE, 'not-the-token');
    const mended = await get('/login', { cookie: cookieHeader(wrong) });
    expect([...mended.cookies]).toEqual([[XSRF_COOKIE, cookies.get(XSRF_COOKIE)]]);
  });

  it('is kept apart for each address and language', async () => {
    await get('/pricing');
    await get('/pricing', { 'accept-language': 'pt-BR' });
    const english = await get('/pricing');
    const portuguese = await get('/pricing', { 'accept-language': 'pt-BR' });
    expect(bootstrapDataOf(english.body).i18n.language).toBe('en');
    expect(bootstrapDataOf(portuguese.body).i18n.language).toBe('pt-BR');
    const byCookie = await get('/pricing', { cookie: 'locale=pt-BR' });
    expect(bootstrapDataOf(byCookie.body).i18n.language).toBe('pt-BR');
  });

  it('shows an admin’s change at once', async () => {
    await get('/');
    await get('/');
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const saved = await admin.post('/api/v1/settings', { 'branding.site_name': 'Edge Radio' });
    expect(saved.statusCode).toBe(200);
    const page = await get('/');
    expect(page.body).toContain('<title>Edge Radio</title>');
  });

  it('shows a change to the catalogue made outside the web at once', async () => {
    await importTrack(t.app, t.config.dataDir, { title: 'Before the edge' });
    await get('/top-50');
    expect((await get('/top-50')).body).toContain('Before the edge');
    // An import writes straight to the catalogue, as the command line does.
    await importTrack(t.app, t.config.dataDir, { title: 'After the edge' });
    expect((await get('/top-50')).body).toContain('After the edge');
  });

  it('is never sent for a member or a token client', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const token = await admin.post('/api/v1/access-tokens', { tokenName: 'edge' });
    const bearer = `Bearer ${token.json().plainTextToken as string}`;
    await get('/pricing');
    await get('/pricing');
    let member: Answer | undefined;
    let client: Answer | undefined;
    const sent = await sentByTheEdge(async () => {
      member = await get('/pricing', { cookie: cookieHeader(admin.cookies) });
      client = await get('/pricing', { authorization: bearer });
    });
    expect(sent).toBe(0);
    expect(bootstrapDataOf(member!.body).user?.email).toBe(ADMIN_EMAIL);
    expect(bootstrapDataOf(client!.body).user?.email).toBe(ADMIN_EMAIL);
  });
});

describe("a member's page", () => {
  /** A new member's cookies, and their page at `url` asked for once, so the edge keeps it. */
  async function memberWithPage(url: string) {
    const { user, client } = await signedInUser(t.app);
    const cookie = cookieHeader(client.cookies);
    const first = await get(url, { cookie });
    expect(bootstrapDataOf(first.body).user?.email).toBe(user.email);
    return { user, client, cookie, first };
  }
  const db = () => t.db.kysely;

  it('is sent again for their session alone, as the app wrote it, with no cookie', async () => {
    const { user, cookie, first } = await memberWithPage('/account');
    let again: Answer | undefined;
    expect(await sentByTheEdge(async () => (again = await get('/account', { cookie })))).toBe(1);
    expect(again).toEqual({ ...first, cookies: new Map() });

    // Another member, a guest and a cookie of neither never get it.
    const other = await signedInUser(t.app);
    let others: Answer[] = [];
    const sent = await sentByTheEdge(async () => {
      others = [
        await get('/account', { cookie: cookieHeader(other.client.cookies) }),
        await get('/account'),
        await get('/account', { cookie: `${SESSION_COOKIE}=${'x'.repeat(40)}` }),
      ];
    });
    expect(sent).toBe(0);
    const [theirs, guest, unknown] = others.map((page) => bootstrapDataOf(page.body).user);
    expect(theirs?.email).toBe(other.user.email);
    expect(theirs?.email).not.toBe(user.email);
    expect(guest).toBeNull();
    expect(unknown).toBeNull();
  });

  it('shows at once what changed outside the web: their account, their notifications, their roles', async () => {
    const { user, cookie } = await memberWithPage('/account');
    await db()
      .updateTable('users')
      .set({ first_name: 'Outside' })
      .where('id', '=', user.id)
      .execute();
    expect(bootstrapDataOf((await get('/account', { cookie })).body).user?.first_name).toBe(
      'Outside',
    );

    await get('/account', { cookie });
    await db()
      .insertInto('notifications')
      .values({
        id: crypto.randomUUID(),
        user_id: user.id,
        type: 'edge-test',
        data: JSON.stringify({ lines: [{ content: 'From a job' }] }),
        read_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const notified = bootstrapDataOf((await get('/account', { cookie })).body).user;
    expect(notified?.unread_notifications_count).toBe(1);

    await db()
      .insertInto('user_roles')
      .values({ user_id: user.id, role_id: (await adminRoleId())! })
      .execute();
    const granted = bootstrapDataOf((await get('/account', { cookie })).body).user;
    expect(granted?.roles.map((role) => role.name)).toContain('admin');
  });

  it('is no longer sent once the session has ended anywhere, or the member is banned', async () => {
    const ended = await memberWithPage('/account');
    await db().deleteFrom('sessions').where('user_id', '=', ended.user.id).execute();
    expect(bootstrapDataOf((await get('/account', { cookie: ended.cookie })).body).user).toBeNull();

    const banned = await memberWithPage('/account');
    await db()
      .updateTable('users')
      .set({ banned_at: new Date().toISOString() })
      .where('id', '=', banned.user.id)
      .execute();
    expect(
      bootstrapDataOf((await get('/account', { cookie: banned.cookie })).body).user,
    ).toBeNull();
  });

  it('leaves a session due its touch to the app, which touches it', async () => {
    const { user, client } = await signedInUser(t.app);
    const cookie = cookieHeader(client.cookies);
    // Last touched almost a minute ago: the page is kept only until the touch is due.
    const lastActive = new Date(Date.now() - 59_700).toISOString();
    const session = db().updateTable('sessions').where('user_id', '=', user.id);
    await session.set({ last_active: lastActive }).execute();
    await get('/account', { cookie });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await sentByTheEdge(() => get('/account', { cookie }))).toBe(0);
    const row = await db()
      .selectFrom('sessions')
      .select('last_active')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.last_active > lastActive).toBe(true);
    expect(await sentByTheEdge(() => get('/account', { cookie }))).toBe(1);
  });

  it('is made afresh where it holds answers: a player page', async () => {
    const { cookie } = await memberWithPage('/library');
    expect(await sentByTheEdge(() => get('/library', { cookie }))).toBe(0);
  });
});

async function adminRoleId(): Promise<number | undefined> {
  const role = await t.db.kysely
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'admin')
    .executeTakeFirst();
  return role?.id;
}
