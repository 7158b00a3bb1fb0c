import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type UserOptions } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (options: UserOptions = {}) => signedInUser(t.app, options);

async function confirmPassword(client: TestClient, password: string) {
  const response = await client.post('/auth/user/confirm-password', { password });
  expect(response.statusCode).toBe(201);
}

/** A user with confirmed two-factor; answers the secret an authenticator app would hold. */
async function withTwoFactor() {
  const { user, client } = await signedIn();
  await confirmPassword(client, user.plainPassword);
  const enabled = await client.post('/auth/user/two-factor-authentication');
  expect(enabled.statusCode).toBe(200);
  const { secret } = (await client.get('/auth/user/two-factor/qr-code')).json();
  const code = await generate({ secret });
  const confirmed = await client.post('/auth/user/confirmed-two-factor-authentication', { code });
  expect(confirmed.json()).toEqual({ two_factor_state: 2 });
  const codes = (await client.get('/auth/user/two-factor-recovery-codes')).json()
    .recovery_codes as string[];
  return { user, client, secret, codes };
}

describe('password confirmation', () => {
  it('is not granted by signing in, and lasts for the session that confirmed it', async () => {
    const { user, client } = await signedIn();
    const status = () => client.get('/auth/user/confirmed-password-status?seconds=9000');
    expect((await status()).json()).toEqual({ confirmed: false });
    expect((await client.post('/auth/user/two-factor-authentication')).statusCode).toBe(423);
    expect((await client.post('/auth/user/two-factor-authentication')).json().message).toBe(
      'Password confirmation required.',
    );

    const wrong = await client.post('/auth/user/confirm-password', { password: 'nope-nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toBe('The provided password is incorrect.');

    await confirmPassword(client, user.plainPassword);
    expect((await status()).json()).toEqual({ confirmed: true });

    const other = new TestClient(t.app);
    await other.login(user.email, user.plainPassword);
    expect((await other.get('/auth/user/confirmed-password-status')).json()).toEqual({
      confirmed: false,
    });
  });

  it('expires after the seconds asked for', async () => {
    const { user, client } = await signedIn();
    await confirmPassword(client, user.plainPassword);
    await t.db.kysely
      .updateTable('sessions')
      .set({ password_confirmed_at: new Date(Date.now() - 9001 * 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await client.get('/auth/user/confirmed-password-status')).json()).toEqual({
      confirmed: false,
    });
  });

  it('limits password guesses with 429', async () => {
    const { client } = await signedIn();
    let last;
    for (let i = 0; i < 6; i++) {
      last = await client.post('/auth/user/confirm-password', { password: `guess-${i}` });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
  });
});

describe('two-factor setup', () => {
  it('moves through the states 0 → 1 → 2 → 0', async () => {
    const { user, client } = await signedIn();
    await confirmPassword(client, user.plainPassword);
    const enabled = await client.post('/auth/user/two-factor-authentication');
    expect(enabled.json().two_factor_state).toBe(1);

    const qr = (await client.get('/auth/user/two-factor/qr-code')).json();
    expect(qr.svg).toContain('<svg');
    expect(qr.secret).toMatch(/^[A-Z2-7]+$/);
    // The secret is stored sealed, never as the plain value.
    const row = await t.app.services.users.findById(user.id);
    expect(row!.two_factor_secret).not.toContain(qr.secret);

    const bad = await client.post('/auth/user/confirmed-two-factor-authentication', {
      code: '000000',
    });
    expect(bad.statusCode).toBe(422);
    const code = await generate({ secret: qr.secret });
    const ok = await client.post('/auth/user/confirmed-two-factor-authentication', { code });
    expect(ok.json()).toEqual({ two_factor_state: 2 });
    expect((await client.get('/api/v1/me')).json().user.two_factor_confirmed_at).not.toBeNull();

    const disabled = await client.request('DELETE', '/auth/user/two-factor-authentication');
    expect(disabled.json()).toEqual({
      message: 'Two factor authentication has been disabled.',
      two_factor_state: 0,
    });
    expect((await client.get('/api/v1/me')).json().user.two_factor_confirmed_at).toBeNull();
  });

  it('lists 8 recovery codes of 21 characters and regenerates them', async () => {
    const { client, codes } = await withTwoFactor();
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
    const fresh = (await client.post('/auth/user/two-factor-recovery-codes')).json()
      .recovery_codes as string[];
    expect(fresh).toHaveLength(8);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
  });
});

describe('login with two-factor', () => {
  it('asks for the code before signing in, then honours remember', async () => {
    const { user, secret } = await withTwoFactor();
    const client = await new TestClient(t.app).visit();
    const login = await client.post('/auth/login', {
      email: user.email,
      password: user.plainPassword,
      remember: true,
    });
    expect(login.json()).toEqual({ two_factor: true });
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);

    // One step ahead: the code used to confirm setup is spent already.
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await client.post('/auth/two-factor-challenge', { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().bootstrapData.user.email).toBe(user.email);
    const session = done.cookies.find((c: { name: string }) => c.name === 'cadenza_session') as
      { maxAge?: number } | undefined;
    expect(session?.maxAge).toBeGreaterThan(0);
    expect((await client.get('/api/v1/me')).statusCode).toBe(200);
  });

  it('refuses a code used before', async () => {
    const { user, secret } = await withTwoFactor();
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const first = await new TestClient(t.app).visit();
    await first.post('/auth/login', { email: user.email, password: user.plainPassword });
    expect((await first.post('/auth/two-factor-challenge', { code })).statusCode).toBe(200);

    const second = await new TestClient(t.app).visit();
    await second.post('/auth/login', { email: user.email, password: user.plainPassword });
    const replay = await second.post('/auth/two-factor-challenge', { code });
    expect(replay.statusCode).toBe(422);
    expect((await second.get('/api/v1/me')).statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const { user, codes } = await withTwoFactor();
    const attempt = async () => {
      const client = await new TestClient(t.app).visit();
      await client.post('/auth/login', { email: user.email, password: user.plainPassword });
      return client.post('/auth/two-factor-challenge', { recovery_code: codes[0] });
    };
    expect((await attempt()).statusCode).toBe(200);
    const reused = await attempt();
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.recovery_code).toBeDefined();
  });

  it('needs a pending login and limits guesses with 429', async () => {
    const guest = await new TestClient(t.app).visit();
    expect((await guest.post('/auth/two-factor-challenge', { code: '123456' })).statusCode).toBe(
      422,
    );

    const { user } = await withTwoFactor();
    const client = await new TestClient(t.app).visit();
    await client.post('/auth/login', { email: user.email, password: user.plainPassword });
    let last;
    for (let i = 0; i < 6; i++) {
      last = await client.post('/auth/two-factor-challenge', { code: '000000' });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('validates the code lengths', async () => {
    const guest = await new TestClient(t.app).visit();
    const response = await guest.post('/auth/two-factor-challenge', { code: '12' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.code).toBeDefined();
  });
});
