import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { request as apiRequest, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, sendWithXsrf, type AppProcess } from './app-process.js';
import { DESKTOP, MOBILE, launchBrowser, popupClosed, saveScreenshot } from './browser.js';

/*
 * Social sign-in needs a provider: this journey runs its own app (from the same build the global
 * setup uses) with Google pointed at a local OpenID Connect server it starts, and Apple at a
 * page on another site that answers by form post, as Apple does.
 */

const ADMIN = { email: 'admin@example.com', password: 'social-admin-password' };
const CLIENT_ID = 'cadenza-e2e';
const LISTENER = {
  sub: 'google-1001',
  email: 'billie.holiday@example.com',
  name: 'Billie Holiday',
};
// Apple's ID token carries the e-mail only; the name comes once, in the posted form.
const APPLE_LISTENER = { sub: 'apple-001', email: 'ella@privaterelay.appleid.com' };

let idp: OAuth2Server;
let applePage: http.Server;
/** Who the provider signs in next. */
let identity: Record<string, unknown> = LISTENER;
let app: AppProcess;
let baseURL: string;
let browser: Browser;

/**
 * Apple's sign-in page, on a site of its own (127.0.0.1, where the app is on localhost): it gets a
 * code from the provider and posts it to the app's callback in a form, with the user's name.
 */
async function startApplePage(issuer: string): Promise<string> {
  applePage = http.createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://apple.test').search;
    void fetch(`${issuer}/authorize${query}`, { redirect: 'manual' }).then((consent) => {
      const answer = new URL(consent.headers.get('location')!);
      const fields = {
        code: answer.searchParams.get('code') ?? '',
        state: answer.searchParams.get('state') ?? '',
        user: JSON.stringify({ name: { firstName: 'Ella', lastName: 'Fitzgerald' } }),
      };
      const inputs = Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value='${value}'>`)
        .join('');
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<form method="post" action="${answer.origin}${answer.pathname}">${inputs}</form>` +
            '<script>document.forms[0].submit()</script>',
        );
    });
  });
  await new Promise<void>((resolve) => applePage.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(applePage.address() as net.AddressInfo).port}`;
}

/** The admin switches Google and Apple sign-in on with the provider's client credentials. */
async function enableServices(issuer: string, appleAuthorize: string) {
  const admin = await apiRequest.newContext({ baseURL });
  await admin.get('/api/v1/bootstrap-data');
  await sendWithXsrf(admin, '/auth/login', { ...ADMIN, remember: false });
  await sendWithXsrf(admin, '/api/v1/settings', {
    'social.google.enable': true,
    'social.google.client_id': CLIENT_ID,
    'social.google.client_secret': 'e2e-client-secret',
    'social.google.endpoints': {
      authorize: `${issuer}/authorize`,
      token: `${issuer}/token`,
      userinfo: `${issuer}/userinfo`,
    },
    'social.apple.enable': true,
    'social.apple.client_id': CLIENT_ID,
    'social.apple.team_id': 'TEAM123456',
    'social.apple.key_id': 'KEY1234567',
    'social.apple.private_key': crypto
      .generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' }),
    'social.apple.endpoints': {
      authorize: `${appleAuthorize}/authorize`,
      token: `${issuer}/token`,
    },
    'cookie_notice.enable': false,
  });
  await admin.dispose();
}

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { aud: CLIENT_ID, email_verified: true }, identity);
  });
  const { port } = idp.address() as net.AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  app = await startAppProcess({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
  });
  baseURL = app.url;
  await enableServices(issuer, await startApplePage(issuer));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await idp?.stop();
  applePage?.close();
});

describe('signing in with Google', () => {
  it('signs a new listener up through the popup and shows the connection in settings', async () => {
    const context = await browser.newContext({ baseURL, colorScheme: 'dark', ...DESKTOP });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await saveScreenshot(page, 'login-social-desktop');

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    // The provider signs the listener in at once; the popup hands the result over and closes.
    await popupClosed(popup);
    await page.waitForURL((url) => url.pathname === '/discover', { timeout: 20_000 });

    const me = await context.request.get('/api/v1/me?with=social_profiles');
    expect(me.status()).toBe(200);
    const { user } = (await me.json()) as {
      user: { email: string; email_verified_at: string | null; social_profiles: unknown[] };
    };
    expect(user.email).toBe(LISTENER.email);
    expect(user.email_verified_at).not.toBeNull();
    expect(user.social_profiles).toEqual([{ service_name: 'google', username: LISTENER.email }]);

    await page.goto('/account-settings#social-login');
    const panel = page.locator('#social-login');
    await panel.getByText(`Connected as ${LISTENER.email}`).waitFor();
    await panel.getByRole('button', { name: 'Disable Google' }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(panel, 'social-login-panel');

    // Google is this account's only way in: it cannot be taken away.
    await panel.getByRole('button', { name: 'Disable Google' }).click();
    await page
      .getByText(/Set a password before you disable this service/)
      .first()
      .waitFor();
    await panel.getByRole('button', { name: 'Disable Google' }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('signs a listener up with Apple, whose answer comes back by a cross-site form post', async () => {
    identity = APPLE_LISTENER;
    const context = await browser.newContext({ baseURL, ...DESKTOP });
    const page = await context.newPage();
    await page.goto('/login');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continue with Apple' }).click(),
    ]);
    await popupClosed(popup);
    await page.waitForURL((url) => url.pathname === '/discover', { timeout: 20_000 });

    const me = await context.request.get('/api/v1/me?with=social_profiles');
    const { user } = (await me.json()) as {
      user: { email: string; display_name: string; social_profiles: unknown[] };
    };
    expect(user.email).toBe(APPLE_LISTENER.email);
    expect(user.display_name).toBe('Ella Fitzgerald');
    expect(user.social_profiles).toEqual([
      { service_name: 'apple', username: APPLE_LISTENER.email },
    ]);
    identity = LISTENER;
    await context.close();
  });

  it('fits the social buttons on a phone', async () => {
    const context = await browser.newContext({ baseURL, ...MOBILE });
    const page = await context.newPage();
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Continue with Google' });
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'login-social-mobile');
    await context.close();
  });
});
