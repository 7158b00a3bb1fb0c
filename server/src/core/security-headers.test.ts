import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';
import { inlineScriptsOf, scriptHashSource } from './security-headers.js';

let t: TestApp;
let webDist: string;

const THEME_SCRIPT = `document.documentElement.classList.add('dark');`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html lang="en"><head><!-- cadenza:head --><script>${THEME_SCRIPT}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
  );
  t = await createTestApp({ WEB_DIST: webDist });
  // An API path answering something other than JSON, as a file download does.
  t.app.get('/api/v1/test-plain-text', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('a line of a log'),
  );
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Every inline script of the page runs under its policy: the browser would block the others. */
function expectScriptsAllowed(response: LightMyRequestResponse) {
  const allowed = policyOf(response).get('script-src') ?? [];
  expect(allowed).not.toContain("'unsafe-inline'");
  const scripts = inlineScriptsOf(response.body);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(allowed).toContain(scriptHashSource(script));
}

describe('security headers', () => {
  it('gives pages a policy that runs only their own scripts and cannot be framed elsewhere', async () => {
    const page = await new TestClient(t.app).get('/artist/1/queen');
    const policy = policyOf(page);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toContain(scriptHashSource(THEME_SCRIPT));
    expectScriptsAllowed(page);
    // The bootstrap data is a data block, which never runs, so it needs no allowance.
    expect(page.body).toMatch(/<script type="application\/json" id="bootstrap-data">\{/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it("gives JSON answers and errors the API's short policy, wherever they are answered", async () => {
    const client = new TestClient(t.app);
    await client.visit();
    const answers = [
      await client.get('/api/v1/health'),
      await client.get('/api/v1/nothing-here'),
      await client.get('/api/v1/me'),
      // Outside the API's paths too: the sign-in's answer, a refusal.
      await client.post('/auth/login', { email: ADMIN_EMAIL, password: 'wrong password' }),
    ];
    for (const response of answers) {
      expect(response.headers['content-type']).toContain('application/json');
      expect(Object.fromEntries(policyOf(response))).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // What only a document uses is left out.
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it("gives an API path's answer that is not JSON the page's headers", async () => {
    const file = await new TestClient(t.app).get('/api/v1/test-plain-text');
    expect(file.body).toBe('a line of a log');
    expect(policyOf(file).get('default-src')).toEqual(["'self'"]);
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(file.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('keeps answers about a signed-in user out of every cache', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const url of [
      '/api/v1/me',
      '/api/v1/user-sessions',
      '/api/v1/access-tokens',
      '/api/v1/settings',
    ]) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const { plainTextToken } = await t.app.services.tokens.create(
      (await t.app.services.users.findByEmail(ADMIN_EMAIL))!.id,
      'script',
    );
    const bearer = await t.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${plainTextToken}` },
    });
    expect(bearer.headers['cache-control']).toBe('no-store');
    // A guest's answer that sets no cookie is the same for everyone.
    const guest = await new TestClient(t.app).visit();
    expect((await guest.get('/api/v1/health')).headers['cache-control']).toBeUndefined();
    // So is the health check's, whoever asks: it reads no session.
    expect((await client.get('/api/v1/health')).headers['cache-control']).toBeUndefined();
  });

  it('allows the social login pages their own scripts', async () => {
    const apple = await t.app.inject({
      method: 'POST',
      url: '/secure/auth/social/apple/callback',
      payload: 'state=x&code=y',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // Apple is off here: the relay answers 404 and is covered by the social login tests.
    expect(apple.statusCode).toBe(404);
    await t.app.services.settings.update({ 'social.google.enable': true });
    const callback = await new TestClient(t.app).get('/secure/auth/social/google/callback?state=x');
    expect(callback.headers['content-type']).toContain('text/html');
    expectScriptsAllowed(callback);
  });

  it('turns on HSTS and upgrades requests only behind https', async () => {
    const secure = await createTestApp({ APP_URL: 'https://music.example.com' });
    try {
      const page = await secure.app.inject({ url: '/' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(policyOf(page).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await secure.close();
    }
    expect(policyOf(await t.app.inject({ url: '/' })).has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('ad frames', () => {
  it('lets the social sign-in popup reach the window that opened it, and no other page', async () => {
    const page = await new TestClient(t.app).get('/');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const popup = await new TestClient(t.app).get('/secure/auth/social/google/login');
    expect(popup.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    // The rest of the app's headers come with it.
    expect(popup.headers['x-content-type-options']).toBe('nosniff');
    expect(policyOf(popup).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it("serves a slot's ad as a sandboxed page that may load the ad's scripts", async () => {
    const ad =
      '<div id="ad">Concert tickets</div><script src="https://ads.example/tag.js"></script>';
    await t.app.services.settings.update({ 'ads.artist_top': ad });
    const frame = await new TestClient(t.app).get('/ads/frame/artist_top?v=1');
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toContain('text/html');
    expect(frame.body).toContain(ad);
    const policy = policyOf(frame);
    expect(policy.get('sandbox')).toEqual([
      'allow-scripts',
      'allow-popups',
      'allow-popups-to-escape-sandbox',
    ]);
    expect(policy.get('sandbox')).not.toContain('allow-same-origin');
    expect(policy.get('script-src')).toContain('*');
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    // The app's own pages allow no third-party script.
    const page = policyOf(await new TestClient(t.app).get('/'));
    expect(page.get('script-src')).not.toContain('*');
    expect(page.get('script-src')).not.toContain('https://ads.example');
  });

  it('knows only the five slots', async () => {
    expect((await new TestClient(t.app).get('/ads/frame/sidebar')).statusCode).toBe(422);
  });
});
