import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { startSmtpServer } from '../../test/smtp.js';
import { COMMON_PASSWORD_MESSAGE } from '../../infra/password-policy.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { RESET_LINK_SENT } from './password-reset.service.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ MAIL_URL: smtp.url, APP_URL: 'https://music.example.com' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Asks for a reset link and reads the token out of the mail, as the user would click it. */
async function requestLink(email: string) {
  const guest = await new TestClient(t.app).visit();
  const response = await guest.post('/auth/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  const mail = await smtp.waitFor(email, /Reset your password/);
  const match = /https:\/\/music\.example\.com\/password\/reset\/([\w-]+)\?email=([^\s"<]+)/.exec(
    mail.text ?? '',
  );
  expect(match).not.toBeNull();
  smtp.inbox.splice(smtp.inbox.indexOf(mail), 1);
  return { guest, token: match![1]!, email: decodeURIComponent(match![2]!), mail };
}

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses', async () => {
    const user = await createUser(t.app);
    const guest = await new TestClient(t.app).visit();
    const known = await guest.post('/auth/forgot-password', { email: user.email });
    const unknown = await guest.post('/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_LINK_SENT });
    expect(unknown.json()).toEqual(known.json());
    await smtp.waitFor(user.email, /Reset your password/);
  });

  it('resets the password with the mailed link, once, and ends the other sessions', async () => {
    const user = await createUser(t.app);
    const device = new TestClient(t.app);
    await device.login(user.email, user.plainPassword);
    const { guest, token, email, mail } = await requestLink(user.email);
    expect(mail.html).toContain(`/password/reset/${token}`);

    const body = {
      token,
      email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    };
    const reset = await guest.post('/auth/reset-password', body);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Your password has been reset!' });

    expect((await device.get('/api/v1/me')).statusCode).toBe(401);
    await new TestClient(t.app).login(user.email, 'brand-new-pass');

    const again = await guest.post('/auth/reset-password', body);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toBe('This password reset link is invalid or has expired.');
  });

  it('refuses a wrong token and a mismatched confirmation', async () => {
    const user = await createUser(t.app);
    const { guest, token } = await requestLink(user.email);
    const wrong = await guest.post('/auth/reset-password', {
      token: `${token}x`,
      email: user.email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(wrong.statusCode).toBe(422);
    const mismatch = await guest.post('/auth/reset-password', {
      token,
      email: user.email,
      password: 'brand-new-pass',
      password_confirmation: 'other-pass-123',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password).toBe('The password confirmation does not match.');
  });

  it('refuses the most common passwords, and takes a 64-character passphrase whole', async () => {
    const user = await createUser(t.app);
    const { guest, token } = await requestLink(user.email);
    const reset = (password: string) =>
      guest.post('/auth/reset-password', {
        token,
        email: user.email,
        password,
        password_confirmation: password,
      });
    for (const common of ['12345678', 'Password1', 'iloveyou']) {
      const refused = await reset(common);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.password).toBe(COMMON_PASSWORD_MESSAGE);
    }
    const passphrase = 'plum '.repeat(13).slice(0, 64);
    expect((await reset(passphrase)).statusCode).toBe(200);
    // A passphrase is not cut short: one character less is a different password.
    const signIn = await new TestClient(t.app).visit();
    const short = await signIn.post('/auth/login', {
      email: user.email,
      password: passphrase.slice(0, 63),
    });
    expect(short.statusCode).toBe(422);
    await new TestClient(t.app).login(user.email, passphrase);
  });

  it('refuses a token older than 60 minutes', async () => {
    const user = await createUser(t.app);
    const { guest, token } = await requestLink(user.email);
    await t.db.kysely
      .updateTable('password_reset_tokens')
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('email', '=', user.email)
      .execute();
    const response = await guest.post('/auth/reset-password', {
      token,
      email: user.email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    });
    expect(response.statusCode).toBe(422);
    await new TestClient(t.app).login(user.email, user.plainPassword);
  });

  it("writes the mail in the reader's language", async () => {
    const user = await createUser(t.app);
    const guest = await new TestClient(t.app).visit();
    await guest.post(
      '/auth/forgot-password',
      { email: user.email },
      { headers: { 'accept-language': 'pt-BR,pt;q=0.9' } },
    );
    const mail = await smtp.waitFor(user.email, /Redefina sua senha/);
    expect(mail.text).toContain('Redefinir senha');
    expect(mail.html).toContain('lang="pt-BR"');
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(t.app);
    const { token } = await requestLink(user.email);
    const row = await t.db.kysely
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
  });

  it('limits requests per address with 429 and Retry-After', async () => {
    const guest = await new TestClient(t.app).visit();
    let last;
    for (let i = 0; i < 6; i++) {
      last = await guest.post(
        '/auth/forgot-password',
        { email: 'limited@example.com' },
        { remoteAddress: '198.51.100.9' },
      );
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
