import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../infra/hash.js';
import { createUser } from '../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('path prefixes', () => {
  it('serves the API under /api/v1 and auth at the root', async () => {
    const client = await new TestClient(t.app).visit();
    expect((await client.get('/api/v1/health')).json()).toEqual({ status: 'ok' });
    expect((await client.post('/auth/logout')).statusCode).toBe(200);
    expect((await client.get('/health')).headers['content-type']).toContain('text/html');
    expect((await client.post('/api/v1/auth/login', {})).statusCode).toBe(404);
  });

  it('answers an unknown API path with 404 JSON for guests and users alike, any method', async () => {
    const guest = new TestClient(t.app);
    const unknownGet = await guest.get('/api/v1/does-not-exist');
    expect(unknownGet.statusCode).toBe(404);
    expect(unknownGet.json()).toHaveProperty('message');
    // Routing comes before authentication and anti-forgery: no 401 or 419 here.
    expect((await guest.post('/api/v1/does-not-exist', {}, { withoutXsrf: true })).statusCode).toBe(
      404,
    );
    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    expect((await member.get('/api/v1/nothing/here')).statusCode).toBe(404);
  });

  it('serves the app with 200 for every other path', async () => {
    const page = await new TestClient(t.app).get('/this/does/not/exist');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });
});

describe('method override', () => {
  async function tokenFor(client: TestClient) {
    const created = await client.post('/api/v1/access-tokens', { tokenName: 'cli' });
    expect(created.statusCode).toBe(200);
    return created.json().token.id as number;
  }

  it('routes a POST with X-HTTP-Method-Override: DELETE as a DELETE', async () => {
    const user = await createUser(t.app);
    const client = new TestClient(t.app);
    await client.login(user.email, user.plainPassword);
    const id = await tokenFor(client);
    const response = await client.post(
      `/api/v1/access-tokens/${id}`,
      {},
      { headers: { 'x-http-method-override': 'DELETE' } },
    );
    expect(response.statusCode).toBe(200);
    expect((await client.get('/api/v1/access-tokens')).json().tokens).toEqual([]);
  });

  it('routes a POST with ?_method=DELETE as a DELETE', async () => {
    const user = await createUser(t.app);
    const client = new TestClient(t.app);
    await client.login(user.email, user.plainPassword);
    const id = await tokenFor(client);
    expect((await client.post(`/api/v1/access-tokens/${id}?_method=DELETE`)).statusCode).toBe(200);
    expect((await client.get('/api/v1/access-tokens')).json().tokens).toEqual([]);
  });

  it('without an override a POST stays a POST', async () => {
    const user = await createUser(t.app);
    const client = new TestClient(t.app);
    await client.login(user.email, user.plainPassword);
    const id = await tokenFor(client);
    expect((await client.post(`/api/v1/access-tokens/${id}`)).statusCode).toBe(404);
  });
});

describe('anti-forgery', () => {
  it('sets a readable XSRF-TOKEN cookie on the first response', async () => {
    const response = await new TestClient(t.app).get('/api/v1/bootstrap-data');
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.httpOnly).toBeFalsy();
    const session = response.cookies.find((c) => c.name === 'cadenza_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
  });

  it('answers the health check without session work: no cookie, whoever asks', async () => {
    const sessionsBefore = await t.db.kysely
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const visitor = await new TestClient(t.app).get('/api/v1/health');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['set-cookie']).toBeUndefined();
    const user = new TestClient(t.app);
    await user.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await user.get('/api/v1/health')).headers['set-cookie']).toBeUndefined();
    // The sign-in above stored one session; the health checks stored none.
    const sessionsAfter = await t.db.kysely
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(sessionsAfter.n)).toBe(Number(sessionsBefore.n) + 1);
  });

  it('marks both cookies Secure behind an https address, and only there', async () => {
    const secure = await createTestApp({ APP_URL: 'https://music.example.com' });
    try {
      const response = await new TestClient(secure.app).get('/api/v1/bootstrap-data');
      const cookies = response.cookies.filter((c) =>
        ['XSRF-TOKEN', 'cadenza_session'].includes(c.name),
      );
      expect(cookies.map((c) => [c.name, c.secure])).toEqual([
        ['cadenza_session', true],
        ['XSRF-TOKEN', true],
      ]);
    } finally {
      await secure.close();
    }
    const plain = await new TestClient(t.app).get('/api/v1/bootstrap-data');
    expect(plain.cookies.filter((c) => c.secure)).toEqual([]);
  });

  it('does not set the cookie again once the browser has it', async () => {
    const client = await new TestClient(t.app).visit();
    const again = await client.get('/api/v1/bootstrap-data');
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('answers 419 to a state-changing request without the header, login included', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.post(
      '/auth/login',
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { withoutXsrf: true },
    );
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('refuses a token that belongs to another session', async () => {
    const victim = await new TestClient(t.app).visit();
    const attacker = await new TestClient(t.app).visit();
    const response = await attacker.post(
      '/auth/login',
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { withoutXsrf: true, headers: { 'x-xsrf-token': victim.cookies.get('XSRF-TOKEN')! } },
    );
    expect(response.statusCode).toBe(419);
  });

  it('checks the token before validating the body', async () => {
    const client = await new TestClient(t.app).visit();
    expect(
      (await client.post('/auth/login', { email: 'x' }, { withoutXsrf: true })).statusCode,
    ).toBe(419);
  });

  it('renews the session id and the token at login, and the old token stops working', async () => {
    const client = await new TestClient(t.app).visit();
    const guestSession = client.cookies.get('cadenza_session');
    const guestToken = client.cookies.get('XSRF-TOKEN')!;
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(client.cookies.get('cadenza_session')).not.toBe(guestSession);
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(guestToken);
    const stale = await client.post(
      '/api/v1/settings',
      {},
      { withoutXsrf: true, headers: { 'x-xsrf-token': guestToken } },
    );
    expect(stale.statusCode).toBe(419);
  });

  it('exempts requests authenticated by a bearer token', async () => {
    const user = await createUser(t.app);
    const { plainTextToken } = await t.app.services.tokens.create(user.id, 'script');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/access-tokens',
      headers: { authorization: `Bearer ${plainTextToken}` },
      payload: { tokenName: 'second' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toEqual([]);
  });

  it('refuses a signed-in request from another site even with the right token, by fetch metadata or Origin', async () => {
    const user = await createUser(t.app);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://evil.localhost' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const client = new TestClient(t.app);
      await client.login(user.email, user.plainPassword);
      const logout = await client.post('/auth/logout', {}, { headers });
      expect(logout.statusCode, JSON.stringify(headers)).toBe(403);
      expect(logout.json()).toEqual({ message: 'Requests from other sites are not accepted.' });
      expect((await client.get('/api/v1/me')).statusCode).toBe(200);
    }
  });

  it('accepts requests of its own pages: same origin by fetch metadata, Origin or host', async () => {
    const user = await createUser(t.app);
    const own: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
      { origin: t.config.appUrl },
      { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173' },
      {},
    ];
    for (const headers of own) {
      const client = new TestClient(t.app);
      await client.login(user.email, user.plainPassword);
      expect((await client.post('/auth/logout', {}, { headers })).statusCode).toBe(200);
    }
  });

  it('lets bearer-token clients and cookieless routes be called from anywhere', async () => {
    const user = await createUser(t.app);
    const { plainTextToken } = await t.app.services.tokens.create(user.id, 'script');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/access-tokens',
      headers: {
        authorization: `Bearer ${plainTextToken}`,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: { tokenName: 'from a web tool' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('does not exempt a request whose bearer token is invalid', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/access-tokens',
      headers: { authorization: 'Bearer 1|not-a-real-token' },
      payload: { tokenName: 'x' },
    });
    expect(response.statusCode).toBe(419);
  });
});

describe('authentication', () => {
  it('keeps a server-side session row for a signed-in user and ends it at logout', async () => {
    const user = await createUser(t.app);
    const client = new TestClient(t.app);
    await client.login(user.email, user.plainPassword);
    expect((await client.get('/api/v1/me')).json().user.email).toBe(user.email);
    expect(await t.app.services.sessions.listForUser(user.id)).toHaveLength(1);

    await client.post('/auth/logout');
    expect(await t.app.services.sessions.listForUser(user.id)).toHaveLength(0);
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
  });

  it("'stay signed in' makes a 30-day cookie; without it the cookie ends with the browser", async () => {
    const user = await createUser(t.app);
    const remembered = await new TestClient(t.app).login(user.email, user.plainPassword, true);
    const persistent = remembered.cookies.find((c) => c.name === 'cadenza_session') as {
      maxAge?: number;
    };
    expect(persistent.maxAge).toBe(30 * 24 * 60 * 60);

    const once = await new TestClient(t.app).login(user.email, user.plainPassword, false);
    const browserSession = once.cookies.find((c) => c.name === 'cadenza_session') as {
      maxAge?: number;
      expires?: Date;
    };
    expect(browserSession.maxAge).toBeUndefined();
    expect(browserSession.expires).toBeUndefined();
  });

  it('an expired session is a guest, and its row is deleted', async () => {
    const user = await createUser(t.app);
    const client = new TestClient(t.app);
    await client.login(user.email, user.plainPassword);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();

    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
    expect(await t.app.services.sessions.listForUser(user.id)).toHaveLength(0);
  });

  it('deletes the sessions that ended by themselves, and only those', async () => {
    const { sessions } = t.app.services;
    const client = { ip: null, userAgent: null };
    const abandoned = sessions.newId();
    const pending = sessions.newId();
    await sessions.setGuestPayload(abandoned, { waiting: true }, -1, client);
    await sessions.setGuestPayload(pending, { waiting: true }, 600, client);
    const user = await createUser(t.app);
    const signedIn = new TestClient(t.app);
    await signedIn.login(user.email, user.plainPassword);

    expect(await sessions.pruneExpired()).toBeGreaterThanOrEqual(1);
    const kept = await t.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', [sha256(abandoned), sha256(pending)])
      .execute();
    expect(kept.map((row) => row.id)).toEqual([sha256(pending)]);
    expect(await sessions.guestPayload(pending)).toEqual({ waiting: true });
    expect((await signedIn.get('/api/v1/me')).json().user.id).toBe(user.id);
  });

  it('a session whose user is banned is a guest, even if the ban left it in place', async () => {
    const user = await createUser(t.app);
    const client = new TestClient(t.app);
    await client.login(user.email, user.plainPassword);
    expect((await client.get('/api/v1/me')).json().user.id).toBe(user.id);
    await t.db.kysely
      .updateTable('users')
      .set({ banned_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();

    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('refuses a bearer token that has expired, or whose user is banned with it left in place', async () => {
    const asBearer = (token: string) =>
      t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    const expiring = await createUser(t.app);
    const expired = await t.app.services.tokens.create(expiring.id, 'script');
    expect((await asBearer(expired.plainTextToken)).json().user.id).toBe(expiring.id);
    await t.db.kysely
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.token.id)
      .execute();
    expect((await asBearer(expired.plainTextToken)).statusCode).toBe(401);

    const banned = await createUser(t.app);
    const kept = await t.app.services.tokens.create(banned.id, 'script');
    expect((await asBearer(kept.plainTextToken)).json().user.id).toBe(banned.id);
    await t.db.kysely
      .updateTable('users')
      .set({ banned_at: new Date().toISOString() })
      .where('id', '=', banned.id)
      .execute();
    expect((await asBearer(kept.plainTextToken)).statusCode).toBe(401);
  });

  it('a forged session cookie is a guest', async () => {
    const client = new TestClient(t.app);
    client.cookies.set('cadenza_session', 'a'.repeat(40));
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
  });

  it("gives a guest an id marked as a guest's, which never signs anyone in; signing in and out changes it", async () => {
    const user = await createUser(t.app);
    const client = await new TestClient(t.app).visit();
    const guestId = client.cookies.get('cadenza_session')!;
    expect(guestId).toMatch(/^guest\./);

    await client.login(user.email, user.plainPassword);
    const signedInId = client.cookies.get('cadenza_session')!;
    expect(signedInId).not.toMatch(/^guest\./);
    expect((await client.get('/api/v1/me')).json().user.id).toBe(user.id);
    await client.post('/auth/logout');
    expect(client.cookies.get('cadenza_session')).toMatch(/^guest\./);

    // A guest's id is taken at its word, unread: a stored session under such an id (which
    // signing in never makes) signs no one in.
    const other = new TestClient(t.app);
    await other.login(user.email, user.plainPassword);
    await t.db.kysely
      .updateTable('sessions')
      .set({ id: sha256(guestId) })
      .where('id', '=', sha256(other.cookies.get('cadenza_session')!))
      .execute();
    const forger = new TestClient(t.app);
    forger.cookies.set('cadenza_session', guestId);
    expect((await forger.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('authenticates a bearer token for the whole API', async () => {
    const user = await createUser(t.app);
    const { plainTextToken } = await t.app.services.tokens.create(user.id, 'script');
    const response = await t.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${plainTextToken}` },
    });
    expect(response.json().user.id).toBe(user.id);
    const [token] = await t.app.services.tokens.list(user.id);
    expect(token?.last_used_at).not.toBeNull();
  });

  it('refuses an unknown bearer token with 401', async () => {
    const response = await t.app.inject({
      url: '/api/v1/me',
      headers: { authorization: 'Bearer 99|nope' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('never lets a user delete another user’s token', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const { token } = await t.app.services.tokens.create(owner.id, 'mine');
    const client = new TestClient(t.app);
    await client.login(other.email, other.plainPassword);
    expect((await client.request('DELETE', `/api/v1/access-tokens/${token.id}`)).statusCode).toBe(
      404,
    );
    expect(await t.app.services.tokens.list(owner.id)).toHaveLength(1);
  });
});

describe('workspace scope', () => {
  it('lets a member act in their workspace and refuses everyone else', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const workspaceId = await t.app.services.workspaces.create('Band', owner.id);

    const member = new TestClient(t.app);
    await member.login(owner.email, owner.plainPassword);
    expect((await member.get(`/api/v1/me?workspaceId=${workspaceId}`)).statusCode).toBe(200);
    expect((await member.get('/api/v1/me?workspaceId=0')).statusCode).toBe(200);

    const outsider = new TestClient(t.app);
    await outsider.login(stranger.email, stranger.plainPassword);
    expect((await outsider.get(`/api/v1/me?workspaceId=${workspaceId}`)).statusCode).toBe(403);
    expect((await outsider.get('/api/v1/me?workspaceId=999999')).statusCode).toBe(404);
    expect(
      (await new TestClient(t.app).get(`/api/v1/health?workspaceId=${workspaceId}`)).statusCode,
    ).toBe(401);
    expect((await outsider.get('/api/v1/me?workspaceId=abc')).statusCode).toBe(422);
  });
});

describe('comma-joined list parameters', () => {
  it('reads with and loadCount joined by commas, or repeated', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const joined = (await client.get('/api/v1/me?with=roles,permissions&loadCount=roles')).json()
      .user;
    expect(joined.roles.map((r: { name: string }) => r.name)).toEqual(['admin', 'users']);
    expect(joined.permissions.map((p: { name: string }) => p.name)).toContain('admin');
    expect(joined.roles_count).toBe(2);

    const repeated = (await client.get('/api/v1/me?with=roles&with=permissions')).json().user;
    expect(repeated.roles).toHaveLength(2);
    expect(repeated.permissions.length).toBeGreaterThan(0);

    const plain = (await client.get('/api/v1/me')).json().user;
    expect(plain.roles).toBeUndefined();
  });

  it('rejects an unknown relation with 422', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await client.get('/api/v1/me?with=roles,password');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)[0]).toMatch(/^with/);
  });
});

describe('error bodies', () => {
  it('422 carries the errors map keyed by field', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.post('/auth/login', { email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors.email).toEqual(['Enter a valid email address.']);
    expect(body.errors.password).toEqual(['The password field is required.']);
  });

  it('401 for a guest, 403 for a user without the permission', async () => {
    expect((await new TestClient(t.app).get('/api/v1/settings')).json()).toEqual({
      message: 'Unauthenticated.',
    });
    const user = await createUser(t.app);
    const client = new TestClient(t.app);
    await client.login(user.email, user.plainPassword);
    const forbidden = await client.get('/api/v1/settings');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
  });

  it('429 with Retry-After once login attempts for an account run out', async () => {
    const client = await new TestClient(t.app).visit();
    const attempt = () =>
      client.post(
        '/auth/login',
        { email: 'victim@example.com', password: 'guess' },
        { remoteAddress: '10.1.1.1' },
      );
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(422);
    const throttled = await attempt();
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.json().message).toMatch(/Too many attempts/);

    // The limit is per account and address: the same account from elsewhere is still allowed.
    const elsewhere = await client.post(
      '/auth/login',
      { email: 'victim@example.com', password: 'guess' },
      { remoteAddress: '10.2.2.2' },
    );
    expect(elsewhere.statusCode).toBe(422);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const client = await new TestClient(t.app).visit();
    const unknown = await client.post('/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    const wrong = await client.post('/auth/login', { email: ADMIN_EMAIL, password: 'whatever1' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toBe(wrong.body);
  });
});
