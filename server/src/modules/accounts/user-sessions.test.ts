import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

async function loginFrom(email: string, password: string, userAgent: string) {
  const client = new TestClient(t.app);
  await client.get('/', { headers: { 'user-agent': userAgent } });
  const response = await client.post(
    '/auth/login',
    { email, password, remember: true },
    { headers: { 'user-agent': userAgent } },
  );
  expect(response.statusCode).toBe(200);
  return client;
}

describe('GET /api/v1/user-sessions', () => {
  it('lists the devices of the user with the current one marked', async () => {
    const user = await createUser(t.app);
    const phone = await loginFrom(user.email, user.plainPassword, IPHONE);
    const desktop = await loginFrom(user.email, user.plainPassword, WINDOWS_CHROME);
    const stranger = await createUser(t.app);
    await loginFrom(stranger.email, stranger.plainPassword, WINDOWS_CHROME);

    const response = await desktop.get('/api/v1/user-sessions', {
      headers: { 'user-agent': WINDOWS_CHROME },
    });
    expect(response.statusCode).toBe(200);
    const sessions = response.json().sessions as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    const current = sessions.find((s) => s.is_current_device)!;
    expect(current).toMatchObject({
      device_type: 'desktop',
      platform: 'Windows',
      browser: 'Chrome',
      // Loopback addresses have no place on the map.
      city: null,
      country: null,
      ip_address: '127.0.0.1',
    });
    const other = sessions.find((s) => !s.is_current_device)!;
    expect(other).toMatchObject({ device_type: 'mobile', platform: 'iOS' });
    // The listed id is not the cookie nor the stored hash of it.
    const cookie = phone.cookies.get('cadenza_session')!;
    for (const session of sessions) {
      expect(session.id).not.toBe(cookie);
      const rows = await t.db.kysely.selectFrom('sessions').select('id').execute();
      expect(rows.map((r) => r.id)).not.toContain(session.id);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await new TestClient(t.app).get('/api/v1/user-sessions')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/user-sessions/logout-other', () => {
  it('needs a confirmed password, refuses a wrong one and ends only the other sessions', async () => {
    const user = await createUser(t.app);
    const phone = await loginFrom(user.email, user.plainPassword, IPHONE);
    const desktop = await loginFrom(user.email, user.plainPassword, WINDOWS_CHROME);
    const stranger = await createUser(t.app);
    const strangerClient = await loginFrom(stranger.email, stranger.plainPassword, IPHONE);

    const unconfirmed = await desktop.post('/api/v1/user-sessions/logout-other', {
      password: user.plainPassword,
    });
    expect(unconfirmed.statusCode).toBe(423);

    await desktop.post('/auth/user/confirm-password', { password: user.plainPassword });
    const wrong = await desktop.post('/api/v1/user-sessions/logout-other', {
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toBeDefined();

    const ok = await desktop.post('/api/v1/user-sessions/logout-other', {
      password: user.plainPassword,
    });
    expect(ok.json()).toEqual({ message: 'Logged out other sessions.' });
    expect((await phone.get('/api/v1/me')).statusCode).toBe(401);
    expect((await desktop.get('/api/v1/me')).statusCode).toBe(200);
    expect((await strangerClient.get('/api/v1/me')).statusCode).toBe(200);
  });
});
