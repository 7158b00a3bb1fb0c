import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../infra/password-policy.js';
import { startSmtpServer } from '../../test/smtp.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sequence = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ MAIL_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function newAccount(overrides: Record<string, unknown> = {}) {
  sequence++;
  return {
    email: `listener${sequence}@example.com`,
    username: `listener${sequence}`,
    password: 'correct-horse-1',
    password_confirmation: 'correct-horse-1',
    ...overrides,
  };
}

async function register(body: Record<string, unknown>, remoteAddress?: string) {
  const client = await new TestClient(t.app).visit();
  const response = await client.post(
    '/auth/register',
    body,
    remoteAddress ? { remoteAddress } : {},
  );
  return { client, response };
}

function mailsTo(address: string) {
  return smtp.inbox.filter((mail) =>
    (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(address)),
  );
}

async function settings(values: Record<string, unknown>) {
  await t.app.services.settings.update(values);
}

describe('POST /auth/register', () => {
  it('refuses the most common passwords with an error on the password field', async () => {
    for (const password of ['password', '12345678', 'QWERTYUIOP']) {
      const body = newAccount({ password, password_confirmation: password });
      const { response } = await register(body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ password: COMMON_PASSWORD_MESSAGE });
      expect(await t.app.services.users.findByEmail(body.email)).toBeUndefined();
    }
    const long = 'a'.repeat(256);
    const { response } = await register(
      newAccount({ password: long, password_confirmation: long }),
    );
    expect([response.json().errors.password].flat()).toEqual([
      'The password may not be longer than 255 characters.',
    ]);
  });

  it('creates the account with the default role, signs in and sends a welcome mail', async () => {
    const body = newAccount({ phone: '+55 (11) 91234-5678' });
    const { client, response } = await register(body);
    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(json.status).toBe('success');
    expect(json.bootstrapData.user.email).toBe(body.email);
    expect(json.bootstrapData.user.roles.map((r: { name: string }) => r.name)).toContain('users');
    const me = await client.get('/api/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.phone).toBe('+55 (11) 91234-5678');
    const mail = await smtp.waitFor(body.email, /Welcome/);
    expect(mail.html).toContain('<!doctype html>');
    expect(mail.text).toContain('Cadenza');
  });

  it('names each invalid field', async () => {
    const { response } = await register({
      email: 'not-an-email',
      username: 'a b',
      phone: 'call me',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['email', 'password', 'phone', 'username']);
  });

  it('refuses a mismatched confirmation, a taken email and a taken username', async () => {
    const first = newAccount();
    expect((await register(first)).response.statusCode).toBe(200);
    const { response } = await register({
      ...newAccount(),
      email: first.email.toUpperCase(),
      username: first.username.toUpperCase(),
      password_confirmation: 'something-else',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: 'The email has already been taken.',
      username: 'The username has already been taken.',
      password: 'The password confirmation does not match.',
    });
  });

  it('needs every registration policy accepted', async () => {
    await settings({
      'registration.policies': [
        { id: 'terms', name: 'Terms of service', action: '/pages/terms' },
        { id: 'privacy', name: 'Privacy policy', action: '/pages/privacy' },
      ],
    });
    try {
      const refused = await register(newAccount({ policies: ['terms'] }));
      expect(refused.response.statusCode).toBe(422);
      expect(refused.response.json().errors).toEqual({
        'policies.privacy': 'You must accept the Privacy policy.',
      });
      const accepted = await register(newAccount({ policies: ['terms', 'privacy'] }));
      expect(accepted.response.statusCode).toBe(200);
    } finally {
      await settings({ 'registration.policies': [] });
    }
  });

  it('is refused while registration is disabled', async () => {
    await settings({ 'registration.disable': true });
    try {
      const { response } = await register(newAccount());
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Registration is disabled.');
    } finally {
      await settings({ 'registration.disable': false });
    }
  });

  it('asks for the bot check when it is on for registration', async () => {
    await settings({ 'recaptcha.enable.register': true });
    try {
      const { response } = await register(newAccount());
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Could not verify you are human.');
    } finally {
      await settings({ 'recaptcha.enable.register': false });
    }
  });

  it('is rate-limited per address', async () => {
    let last;
    for (let i = 0; i < 61; i++) {
      last = (await register({}, '203.0.113.77')).response;
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('e-mail verification', () => {
  async function registerUnverified() {
    await settings({ require_email_confirmation: true });
    const body = newAccount();
    const { client, response } = await register(body);
    expect(response.json().status).toBe('needs_email_verification');
    const mail = await smtp.waitFor(body.email, /verification code/);
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
    return { client, body, code, mail };
  }

  afterAll(async () => {
    await settings({ require_email_confirmation: false });
  });

  it('mails a 6-digit code and refuses other API calls until it is entered', async () => {
    const { client, code, mail } = await registerUnverified();
    expect(mail.html).toContain(code);
    const blocked = await client.post('/api/v1/access-tokens', { tokenName: 'cli' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Please verify your email address before continuing.');
    // The calls the verification screen needs still work.
    expect((await client.get('/api/v1/me')).statusCode).toBe(200);
    expect((await client.get('/api/v1/bootstrap-data')).statusCode).toBe(200);

    const wrong = await client.post('/api/v1/validate-email-verification-otp', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toBe('The code is invalid or has expired.');

    const ok = await client.post('/api/v1/validate-email-verification-otp', { code });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('/api/v1/me')).json().user.email_verified_at).not.toBeNull();
    expect((await client.get('/api/v1/access-tokens')).statusCode).toBe(200);
  });

  it('spends a code once', async () => {
    const { client, code, body } = await registerUnverified();
    expect(
      (await client.post('/api/v1/validate-email-verification-otp', { code })).statusCode,
    ).toBe(200);
    // Verified users are not asked again; the code row is gone.
    const user = await t.app.services.users.findByEmail(body.email);
    await t.app.services.users.update(user!.id, { email_verified_at: null });
    const again = await client.post('/api/v1/validate-email-verification-otp', { code });
    expect(again.statusCode).toBe(422);
  });

  it('refuses an expired code', async () => {
    const { client, code } = await registerUnverified();
    await t.db.kysely
      .updateTable('email_verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const response = await client.post('/api/v1/validate-email-verification-otp', { code });
    expect(response.statusCode).toBe(422);
  });

  it('limits guesses with 429 and Retry-After', async () => {
    const { client } = await registerUnverified();
    let last;
    for (let i = 0; i < 6; i++) {
      last = await client.post('/api/v1/validate-email-verification-otp', { code: '999999' });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
  });

  it('resends a code with the same answer for unknown addresses', async () => {
    const { client, body } = await registerUnverified();
    const resent = await client.post('/api/v1/resend-email-verification', { email: body.email });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe('Email sent');
    await expect.poll(() => mailsTo(body.email).length).toBe(2);

    const guest = await new TestClient(t.app).visit();
    const unknown = await guest.post('/api/v1/resend-email-verification', {
      email: 'nobody-here@example.com',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe('Email sent');
  });

  it('writes the code mail in Brazilian Portuguese for such users', async () => {
    const { client, body } = await registerUnverified();
    const user = await t.app.services.users.findByEmail(body.email);
    await t.app.services.users.update(user!.id, { language: 'pt-BR' });
    await client.post('/api/v1/resend-email-verification', { email: body.email });
    const mail = await smtp.waitFor(body.email, /Seu código de verificação/);
    expect(mail.text).toContain('Use este código para verificar seu endereço de e-mail');
  });
});
