import { generate } from 'otplib';
import {
  request as apiRequest,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../server/src/test/smtp.js';
import { startAppProcess, sendWithXsrf, type AppProcess } from './app-process.js';
import { DESKTOP, MOBILE, launchBrowser, saveScreenshot } from './browser.js';

/*
 * The accounts journey needs mail to arrive and e-mail confirmation to be required, so it runs
 * its own app (from the same build the global setup uses) pointed at an SMTP server it starts.
 */

const ADMIN = { email: 'admin@example.com', password: 'accounts-admin-password' };
const MEMBER = {
  email: 'nina.simone@example.com',
  username: 'nina',
  password: 'feeling-good-1965',
  newPassword: 'sinnerman-1965-new',
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: AppProcess;
let baseURL: string;
let browser: Browser;

/** The admin switches on e-mail confirmation, as they would in the settings screen. */
async function requireEmailConfirmation() {
  const admin = await apiRequest.newContext({ baseURL });
  await admin.get('/api/v1/bootstrap-data');
  await sendWithXsrf(admin, '/auth/login', { ...ADMIN, remember: false });
  await sendWithXsrf(admin, '/api/v1/settings', { require_email_confirmation: true });
  await admin.dispose();
}

async function newContext(device = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, colorScheme: 'dark', ...device });
  await context.addInitScript(() => localStorage.setItem('be-active-theme', 'dark'));
  return context;
}

// A required field's label ends with a star that only sighted users see.
const labelled = (label: string) => new RegExp(`^${label}\\*?$`);
const field = (page: Page, label: string) => page.getByLabel(labelled(label));

async function logIn(page: Page, password: string) {
  await page.goto('/login');
  await field(page, 'Email').fill(MEMBER.email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function logOutFromUserMenu(page: Page) {
  await page.goto('/account-settings');
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** Continues past the password-confirmation dialog when the server asks for it. */
async function confirmPasswordIfAsked(page: Page, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirm password' });
  try {
    await dialog.waitFor({ timeout: 2_000 });
  } catch {
    return; // confirmed recently: the action went ahead
  }
  await dialog.getByLabel(labelled('Password')).fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function expectToast(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startAppProcess({
    MAIL_URL: smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
  });
  baseURL = app.url;
  await requireEmailConfirmation();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

describe('an account from registration to deletion', () => {
  it('registers, verifies, secures with two-factor, and deletes itself', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // Register: the verification screen takes over every path.
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click(); // the cookie notice
    await saveScreenshot(page, 'login-desktop');
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    await saveScreenshot(page, 'register-desktop');
    await field(page, 'Email').fill(MEMBER.email);
    await field(page, 'Username').fill(MEMBER.username);
    await field(page, 'Password').fill(MEMBER.password);
    await field(page, 'Confirm password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.getByText('Enter the verification code we sent to ni****@example.com').waitFor();
    await saveScreenshot(page, 'verify-desktop');

    // Verify with the code from the e-mail.
    const mail = await smtp.waitFor(MEMBER.email);
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await field(page, 'Code').fill(code!);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor({ state: 'detached' });
    await page.goto('/account-settings');
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();

    // Log out, then back in with "stay signed in" (on by default): the session outlives the browser.
    await logOutFromUserMenu(page);
    await field(page, 'Email').fill(MEMBER.email);
    await field(page, 'Password').fill(MEMBER.password);
    expect(
      await page
        .getByRole('checkbox', { name: 'Stay signed in for a month' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/discover');
    const session = (await context.cookies()).find((cookie) => cookie.name === 'cadenza_session');
    expect(session?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 20 * 24 * 3600);

    // Enable two-factor with a code computed from the secret on screen.
    await page.goto('/account-settings');
    const twoFactor = page.locator('#two-factor');
    await twoFactor.getByRole('button', { name: 'Enable' }).click();
    await confirmPasswordIfAsked(page, MEMBER.password);
    const secretElement = twoFactor.getByTestId('two-factor-secret');
    await secretElement.waitFor();
    const secret = (await secretElement.textContent())!.trim();
    const recoveryCodes = await twoFactor
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(recoveryCodes.length).toBeGreaterThanOrEqual(2);
    expect(recoveryCodes[0]).toHaveLength(21);
    await twoFactor.getByLabel(labelled('Code')).fill(await generate({ secret }));
    await twoFactor.getByRole('button', { name: 'Confirm' }).click();
    await twoFactor.getByText('You have enabled two factor authentication.').waitFor();
    await saveScreenshot(page, 'account-desktop');

    // Log out and back in through the challenge, with the next code of the authenticator.
    await logOutFromUserMenu(page);
    await logIn(page, MEMBER.password);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await field(page, 'Code').fill(nextCode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/discover');

    // And once more with a recovery code.
    await logOutFromUserMenu(page);
    await logIn(page, MEMBER.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await field(page, 'Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/discover');

    // Change the password.
    await page.goto('/account-settings');
    const passwordPanel = page.locator('#password');
    await passwordPanel.getByLabel(labelled('Current password')).fill(MEMBER.password);
    await passwordPanel.getByLabel(labelled('New password')).fill(MEMBER.newPassword);
    await passwordPanel.getByLabel(labelled('Confirm password')).fill(MEMBER.newPassword);
    await passwordPanel.getByRole('button', { name: 'Update password' }).click();
    await expectToast(page, 'Password changed');

    // A second device signs in; this one logs it out.
    const other = await newContext(MOBILE);
    const otherPage = await other.newPage();
    await logIn(otherPage, MEMBER.newPassword);
    await otherPage.getByRole('button', { name: 'Use a recovery code' }).click();
    await field(otherPage, 'Recovery code').fill(recoveryCodes[1]!);
    await otherPage.getByRole('button', { name: 'Continue' }).click();
    await otherPage.waitForURL((url) => url.pathname === '/discover');
    await otherPage.goto('/account-settings');
    await otherPage.getByRole('heading', { name: 'Account settings' }).waitFor();
    await otherPage.getByRole('button', { name: 'OK', exact: true }).click(); // the cookie notice
    await saveScreenshot(otherPage, 'account-mobile');

    await page.reload();
    const sessions = page.locator('#sessions');
    await sessions.getByText('This device').waitFor();
    expect(await sessions.getByRole('listitem').count()).toBe(2);
    await sessions.getByRole('button', { name: 'Log out other sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out other sessions' });
    await dialog.getByLabel(labelled('Password')).fill(MEMBER.newPassword);
    await dialog.getByRole('button', { name: 'Log out other sessions' }).click();
    await expectToast(page, 'Logged out other sessions.');
    await otherPage.reload();
    await otherPage.waitForURL((url) => url.pathname === '/login');
    await other.close();

    // Delete the account: afterwards it cannot log in.
    await page.locator('#delete-account').getByRole('button', { name: 'Delete account' }).click();
    await page
      .getByRole('dialog', { name: 'Delete account?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await confirmPasswordIfAsked(page, MEMBER.newPassword);
    await page.waitForURL((url) => url.pathname === '/login');
    await expectToast(page, 'Account deleted');
    await logIn(page, MEMBER.newPassword);
    await page
      .getByText(/credentials|match our records/i)
      .first()
      .waitFor();
    expect(page.url()).toContain('/login');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the guest screens on a phone', async () => {
    const context = await newContext(MOBILE);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click(); // the cookie notice
    await saveScreenshot(page, 'login-mobile');
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    // Nothing may be wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'register-mobile');

    // An unverified member on a phone sees the verification screen.
    await page.goto('/register');
    await field(page, 'Email').fill('phone.user@example.com');
    await field(page, 'Username').fill('phoneuser');
    await field(page, 'Password').fill(MEMBER.password);
    await field(page, 'Confirm password').fill(MEMBER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await saveScreenshot(page, 'verify-mobile');
    await context.close();
  });
});
