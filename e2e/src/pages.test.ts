import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { ParsedMail } from 'mailparser';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../server/src/test/smtp.js';
import { logIn, startAppProcess, type AppProcess } from './app-process.js';
import { DESKTOP, MOBILE, SCREENSHOTS, launchBrowser, newPage, saveScreenshot } from './browser.js';

/*
 * Custom pages, the contact form and the error dialog, against an app of this file's own:
 * it sends mail to an SMTP server the test runs, and answers server errors with a debug trace
 * (APP_DEBUG=true), as a developer's machine would.
 */

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'pages-admin-password';
const CONTACT_ADDRESS = 'contact@example.com';

let browser: Browser;
let app: AppProcess;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

async function waitForMail(predicate: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = smtp.inbox.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('the e-mail did not arrive within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startAppProcess({
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    MAIL_URL: smtp.url,
    APP_DEBUG: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'fatal',
    // The error dialog check breaks the app's own SQLite file, whatever the environment says.
    DATABASE_URL: '',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

function openPage(device: typeof DESKTOP | typeof MOBILE): Promise<Page> {
  return newPage(browser, { ...device, baseURL: app.url, acceptDownloads: true });
}

/** Saves the page as `<name>-dark` and `<name>-light`, reloading it in each theme. */
async function saveInBothThemes(page: Page, name: string, ready: Locator): Promise<void> {
  if (!SCREENSHOTS) return;
  // The cookie notice, answered, would otherwise cover the bottom of a phone's screen.
  await page.context().addCookies([{ name: 'cookie_notice_accepted', value: '1', url: app.url }]);
  for (const theme of ['dark', 'light']) {
    await page.evaluate((choice) => localStorage.setItem('be-active-theme', choice), theme);
    await page.reload();
    await ready.waitFor({ timeout: 20_000 });
    await saveScreenshot(page, `${name}-${theme}`);
  }
}

const logInAsAdmin = (context: BrowserContext) =>
  logIn(context.request, ADMIN_EMAIL, ADMIN_PASSWORD);

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
])('a visitor on %s', (name, device) => {
  it('reads the privacy policy', async () => {
    const page = await openPage(device);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    const response = await page.goto('/pages/privacy-policy');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Information we collect' }).waitFor();
    expect(await page.title()).toBe('Privacy policy - Cadenza');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/^How we collect, use and protect your personal data/);

    expect(pageErrors).toEqual([]);
    await saveInBothThemes(
      page,
      `custom-page-${name}`,
      page.getByRole('heading', { level: 1, name: 'Privacy policy' }),
    );
    await page.context().close();
  });

  it('sends a message through the contact form, after the bot check, and it arrives', async () => {
    const page = await openPage(device);
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contact us' }).waitFor();
    await saveInBothThemes(
      page,
      `contact-${name}`,
      page.getByRole('heading', { name: 'Contact us' }),
    );

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please enter your name.').waitFor();
    await page.getByText('Please enter a message.').waitFor();

    const text = `The shuffle button on ${name} repeats the same song. (${Date.now()})`;
    await page.getByLabel('Name').fill('Bia Lima');
    await page.getByLabel('Email').fill(`bia.${name}@example.com`);
    await page.getByLabel('Message').fill(text);
    const verified = page.waitForResponse((r) => r.url().endsWith('/api/v1/recaptcha/verify'));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await (await verified).json()).toEqual({ success: true });
    await page.getByText('Your message has been submitted.').waitFor();

    const mail = await waitForMail((m) => m.text?.includes(text) ?? false);
    expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text).toBe(CONTACT_ADDRESS);
    expect(mail.replyTo?.text).toBe(`bia.${name}@example.com`);
    expect(mail.subject).toBe('New message from Bia Lima via Cadenza');
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    await page.context().close();
  });
});

describe('the error dialog', () => {
  it('opens for a real server failure, with frames and the latest log', async () => {
    // A genuine failure: the table custom pages live in disappears under the running app.
    const db = new SQLite(path.join(app.dataDir, 'cadenza.sqlite'));
    db.exec('DROP TABLE custom_pages');
    db.close();

    for (const device of [DESKTOP, MOBILE]) {
      const page = await openPage(device);
      await logInAsAdmin(page.context());
      await page.goto('/pages/terms-of-service');

      const dialog = page.getByRole('dialog', { name: 'An error occured' });
      await dialog.waitFor({ timeout: 20_000 });
      await dialog.getByText('SqliteError').waitFor();
      await dialog.getByText('no such table: custom_pages').waitFor();
      // The app's own frame is selected, its failing line highlighted in the snippet.
      const highlighted = dialog.locator('[data-highlighted]');
      expect(await highlighted.count()).toBe(1);

      const groups = dialog.getByRole('button', { name: /^\d+ vendor frames?$/ });
      expect(await groups.count()).toBeGreaterThan(0);
      const frames = dialog.getByRole('listitem').getByRole('button');
      const collapsed = await frames.count();
      await dialog.getByRole('button', { name: 'Expand vendor frames' }).click();
      expect(await frames.count()).toBeGreaterThan(collapsed);
      expect(await dialog.getByRole('button', { expanded: true }).count()).toBe(
        await groups.count(),
      );
      await dialog.getByRole('button', { name: 'Collapse vendor frames' }).click();
      expect(await frames.count()).toBe(collapsed);
      if (device === MOBILE) await saveInBothThemes(page, 'error-dialog-mobile', dialog);

      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download log' }).click();
      const file = await (await download).path();
      expect(fs.readFileSync(file, 'utf8')).toContain('no such table: custom_pages');

      await page.context().close();
    }
  });
});
