import { request as apiRequest, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/src/test/free-port.js';
import {
  startOidcProvider,
  type OidcAccount,
  type TestOidcProvider,
} from '../../server/src/test/oidc-provider.js';
import { sendWithXsrf, startAppProcess, type AppProcess } from './app-process.js';
import { DESKTOP, launchBrowser, popupClosed, saveScreenshot } from './browser.js';

/*
 * Single sign-on with the operator's OpenID Connect provider: this journey runs its own app with
 * OIDC_* pointed at a real provider it starts (the `oidc-provider` package and its own login and
 * consent pages), with the login page in "OIDC only" mode.
 */

const ADMIN = { email: 'admin@example.com', password: 'oidc-admin-password' };
const CLIENT_ID = 'cadenza-e2e';
const CLIENT_SECRET = 'cadenza-e2e-client-secret';
const LISTENER = { login: 'nina', email: 'nina.simone@example.com', name: 'Nina Simone' };

let provider: TestOidcProvider;
let app: AppProcess;
let browser: Browser;
const accounts = new Map<string, OidcAccount>([
  [LISTENER.login, { email: LISTENER.email, email_verified: true, name: LISTENER.name }],
]);

beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `http://localhost:${port}/secure/auth/social/oidc/callback`,
    accounts,
  });
  app = await startAppProcess(
    {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_NAME: 'Acme SSO',
    },
    { port },
  );
  const admin = await apiRequest.newContext({ baseURL: app.url });
  await admin.get('/api/v1/bootstrap-data');
  await sendWithXsrf(admin, '/auth/login', { ...ADMIN, remember: false });
  await sendWithXsrf(admin, '/api/v1/settings', {
    'social.oidc.only': true,
    'cookie_notice.enable': false,
  });
  await admin.dispose();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await provider?.close();
});

describe('signing in with OpenID Connect', () => {
  it('signs a listener up through the provider’s login and consent, from the button alone', async () => {
    const context = await browser.newContext({ baseURL: app.url, ...DESKTOP });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Continue with Acme SSO' });
    await button.waitFor();
    // "OIDC only": no password form beside the button.
    expect(await page.getByLabel(/^Password\*?$/).count()).toBe(0);
    await saveScreenshot(page, 'login-oidc-only');

    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await popup.locator('input[name="login"]').fill(LISTENER.login);
    await popup.locator('input[name="password"]').fill('any password');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popupClosed(popup);
    // Should the sign-in not go through, the failure says what the login page shows instead.
    await page
      .waitForURL((url) => url.pathname === '/discover', { timeout: 20_000 })
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message}\nThe page shows: ${await page.locator('body').innerText()}`,
        );
      });

    const me = await context.request.get('/api/v1/me?with=social_profiles');
    expect(me.status()).toBe(200);
    const { user } = (await me.json()) as {
      user: { email: string; display_name: string; social_profiles: unknown[] };
    };
    expect(user.email).toBe(LISTENER.email);
    expect(user.display_name).toBe(LISTENER.name);
    expect(user.social_profiles).toEqual([{ service_name: 'oidc', username: LISTENER.email }]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lets admins in by password at ?password=1, and shows them the integrations', async () => {
    const context = await browser.newContext({ baseURL: app.url, ...DESKTOP });
    const page = await context.newPage();
    await page.goto('/login?password=1');
    await page.getByLabel(/^Password\*?$/).fill(ADMIN.password);
    await page.getByLabel(/^Email\*?$/).fill(ADMIN.email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin'), { timeout: 20_000 });

    await page.goto('/admin/settings/authentication');
    const integrations = page.getByRole('region', { name: 'Integrations' });
    await integrations.getByText('OpenID Connect: Configured').waitFor();
    await integrations.getByText('OIDC_ISSUER, OIDC_CLIENT_ID').waitFor();
    await saveScreenshot(integrations, 'admin-integrations');
    await context.close();
  });
});
