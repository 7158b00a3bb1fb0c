import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { solveAltcha } from './bot-check.testing.js';

describe('self-hosted bot check (ALTCHA)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function solvedToken(client: TestClient) {
    const response = await client.get('/api/v1/recaptcha/challenge');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json();
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.signature).toEqual(expect.any(String));
    return { challenge, token: await solveAltcha(challenge) };
  }

  it('accepts a solved challenge once, and never again', async () => {
    const client = await new TestClient(t.app).visit();
    const { token } = await solvedToken(client);
    const first = await client.post('/api/v1/recaptcha/verify', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });

    const replay = await client.post('/api/v1/recaptcha/verify', { token });
    expect(replay.json()).toEqual({ success: false });
  });

  it('refuses a wrong solution, a forged challenge and garbage', async () => {
    const client = await new TestClient(t.app).visit();
    const { token } = await solvedToken(client);
    const payload = JSON.parse(Buffer.from(token, 'base64').toString());

    const wrongKey = '0'.repeat(payload.solution.derivedKey.length);
    const wrongCounter = { ...payload, solution: { counter: 1, derivedKey: wrongKey } };
    const wrong = await client.post('/api/v1/recaptcha/verify', {
      token: Buffer.from(JSON.stringify(wrongCounter)).toString('base64'),
    });
    expect(wrong.json()).toEqual({ success: false });

    // An easier challenge of the visitor's own making fails the signature check.
    const forged = structuredClone(payload);
    forged.challenge.parameters.keyPrefix = '0';
    const forgedResponse = await client.post('/api/v1/recaptcha/verify', {
      token: Buffer.from(JSON.stringify(forged)).toString('base64'),
    });
    expect(forgedResponse.json()).toEqual({ success: false });

    const garbage = await client.post('/api/v1/recaptcha/verify', { token: 'not-a-token' });
    expect(garbage.json()).toEqual({ success: false });

    // The untouched solution still works: the failures above did not spend it.
    const good = await client.post('/api/v1/recaptcha/verify', { token });
    expect(good.json()).toEqual({ success: true });
  });

  it('answers 422 without a token, and throttles guessing by address', async () => {
    const client = await new TestClient(t.app).visit();
    const missing = await client.post('/api/v1/recaptcha/verify', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.token).toBeDefined();

    const remoteAddress = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await client.post(
        '/api/v1/recaptcha/verify',
        { token: `guess-${i}` },
        { remoteAddress },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('Google reCAPTCHA mode', () => {
  let t: TestApp;
  let fake: http.Server;
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    // Speaks Google's siteverify protocol: a form POST of secret, response and remoteip.
    fake = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        const ok = form.get('secret') === 'server-secret' && form.get('response') === 'human';
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(
            ok
              ? { success: true, score: 0.9, action: 'contact', hostname: 'localhost' }
              : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    t = await createTestApp({
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    });
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const saved = await admin.post('/api/v1/settings', {
      'recaptcha.site_key': 'site-key',
      'recaptcha.secret_key': 'server-secret',
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('asks Google with the secret, the token and the visitor address', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.post(
      '/api/v1/recaptcha/verify',
      { token: 'human', action: 'contact' },
      { remoteAddress: '198.51.100.4' },
    );
    expect(response.json()).toEqual({ success: true });
    const form = received[received.length - 1]!;
    expect(form.get('secret')).toBe('server-secret');
    expect(form.get('response')).toBe('human');
    expect(form.get('remoteip')).toBe('198.51.100.4');
  });

  it('reports failure when Google says no', async () => {
    const client = await new TestClient(t.app).visit();
    const response = await client.post('/api/v1/recaptcha/verify', { token: 'robot' });
    expect(response.json()).toEqual({ success: false });
  });
});
