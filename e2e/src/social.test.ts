import type net from 'node:net';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { request as apiRequest, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, sendWithXsrf, type AppProcess } from './app-process.js';
import { DESKTOP, MOBILE, launchBrowser } from './browser.js';

/*
 * Social sign-in needs a provider: this journey runs its own app (from the same build the global
 * setup uses) with Google pointed at a local OpenID Connect server it starts.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'admin@example.com', password: 'social-admin-password' };
const CLIENT_ID = 'cadenza-e2e';
const LISTENER = {
  sub: 'google-1001',
  email: 'billie.holiday@example.com',
  name: 'Billie Holiday',
};
// Set UPDATE_SCREENSHOTS=1 to refresh docs/screenshots from this journey.
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

let idp: OAuth2Server;
let app: AppProcess;
let baseURL: string;
let browser: Browser;

/** The admin switches Google sign-in on with the provider's client credentials. */
async function enableGoogle(issuer: string) {
  const admin = await apiRequest.newContext({ baseURL });
  await admin.get('/api/v1/health');
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
    'cookie_notice.enable': false,
  });
  await admin.dispose();
}

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await page.screenshot({
    path: path.join(ROOT, 'docs/screenshots', `${name}.png`),
    animations: 'disabled',
  });
}

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { aud: CLIENT_ID, email_verified: true }, LISTENER);
  });
  const { port } = idp.address() as net.AddressInfo;
  app = await startAppProcess({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
  });
  baseURL = app.url;
  await enableGoogle(`http://127.0.0.1:${port}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await idp?.stop();
});

describe('signing in with Google', () => {
  it('signs a new listener up through the popup and shows the connection in settings', async () => {
    const context = await browser.newContext({ baseURL, colorScheme: 'dark', ...DESKTOP });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await screenshot(page, 'login-social-desktop');

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    // The provider signs the listener in at once; the popup hands the result over and closes.
    await popup.waitForEvent('close', { timeout: 20_000 });
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });

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
    if (SCREENSHOTS)
      await panel.screenshot({
        path: path.join(ROOT, 'docs/screenshots', 'social-login-panel.png'),
      });

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

  it('fits the social buttons on a phone', async () => {
    const context = await browser.newContext({ baseURL, ...MOBILE });
    const page = await context.newPage();
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Continue with Google' });
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'login-social-mobile');
    await context.close();
  });
});
