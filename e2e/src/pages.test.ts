import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launchBrowser, newPage } from './browser.js';

/*
 * Custom pages, the contact form and the error dialog, against an app of this file's own:
 * it sends mail to an SMTP server the test runs, and answers server errors with a debug trace
 * (APP_DEBUG=true), as a developer's machine would.
 */

const ADMIN_EMAIL = 'admin@example.com';
const ADMIN_PASSWORD = 'pages-admin-password';
const CONTACT_ADDRESS = 'contact@example.com';

let browser: Browser;
let app: ChildProcess;
let appUrl: string;
let dataDir: string;
let smtp: SMTPServer;
const inbox: ParsedMail[] = [];

async function startSmtp(): Promise<string> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  return `smtp://127.0.0.1:${port}`;
}

async function waitForMail(predicate: (mail: ParsedMail) => boolean): Promise<ParsedMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = inbox.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('the e-mail did not arrive within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startApp(mailUrl: string): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-pages-'));
  const port = 5000 + Math.floor(Math.random() * 800);
  appUrl = `http://localhost:${port}`;
  app = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: appUrl,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      MAIL_URL: mailUrl,
      APP_DEBUG: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'fatal',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode}`);
    try {
      if ((await fetch(`${appUrl}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  await startApp(await startSmtp());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (app && app.exitCode === null) {
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
  }
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function openPage(device: typeof DESKTOP | typeof MOBILE): Promise<Page> {
  return newPage(browser, { ...device, baseURL: appUrl, acceptDownloads: true });
}

async function logInAsAdmin(context: BrowserContext): Promise<void> {
  await context.request.get('/');
  const token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await context.request.post('/auth/login', {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: false },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) },
  });
  expect(response.status()).toBe(200);
}

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
    await page.context().close();
  });

  it('sends a message through the contact form, after the bot check, and it arrives', async () => {
    const page = await openPage(device);
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contact us' }).waitFor();

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
    const db = new SQLite(path.join(dataDir, 'cadenza.sqlite'));
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

      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download log' }).click();
      const file = await (await download).path();
      expect(fs.readFileSync(file, 'utf8')).toContain('no such table: custom_pages');

      await page.context().close();
    }
  });
});
