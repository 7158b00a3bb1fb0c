import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Standin, type S3Standin } from '../../server/src/test/s3-standin.js';
import { freePort } from '../../server/src/test/free-port.js';
import { logIn, sendWithXsrf, startAppProcess, type AppProcess } from './app-process.js';
import { DESKTOP, launchBrowser, saveScreenshot } from './browser.js';

/*
 * Uploads from the browser: resumable to the local disk (surviving a reload), straight to an
 * S3-compatible server in parts, refused at once when a file breaks a restriction, and folders
 * one file at a time.
 */

const ADMIN = { email: 'admin@example.com', password: 'uploads-admin-password' };
const MB = 1024 * 1024;

let browser: Browser;
let folder: string;

beforeAll(async () => {
  browser = await launchBrowser();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-files-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** A file of this size on disk, its bytes counting up so no two chunks are alike. */
function fileOf(name: string, size: number): string {
  const file = path.join(folder, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const data = Buffer.alloc(size);
  for (let offset = 0; offset + 4 <= size; offset += 4096)
    data.writeUInt32LE(offset / 4096, offset);
  fs.writeFileSync(file, data);
  return file;
}

async function startApp(env: Record<string, string> = {}, port?: number) {
  const app = await startAppProcess(
    {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'fatal',
      ...env,
    },
    { port },
  );
  const context = await browser.newContext({ baseURL: app.url });
  await logIn(context.request, ADMIN.email, ADMIN.password);
  return { app, admin: context };
}

async function signedInPage(app: AppProcess, admin: BrowserContext): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: app.url, colorScheme: 'dark' });
  await context.addInitScript(() => localStorage.setItem('be-active-theme', 'dark'));
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: app.url }]);
  await context.addCookies(await admin.cookies());
  const page = await context.newPage();
  await page.goto('/files');
  await page.getByRole('heading', { name: 'Your files' }).waitFor();
  return page;
}

const items = (page: Page, status: string) =>
  page.getByRole('region', { name: 'Uploads' }).locator(`li[data-status="${status}"]`);

describe('uploads on the local disk', () => {
  let app: AppProcess;
  let admin: BrowserContext;

  beforeAll(async () => {
    ({ app, admin } = await startApp());
    await sendWithXsrf(admin.request, '/api/v1/settings', {
      'uploads.max_size': 50 * MB,
      'uploads.blocked_types': ['exe'],
    });
  });
  afterAll(() => app?.stop());

  it('sends 30 MB resumably with a progress bar, and resumes after a reload', async () => {
    const file = fileOf('session-take-3.wav', 30 * MB);
    let page = await signedInPage(app, admin);
    // Chunks travel slowly, so the page can be reloaded mid-way.
    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    };
    await page.route('**/api/v1/tus/upload/**', slow);
    let chunks = 0;
    page.on('requestfinished', (request: Request) => {
      if (request.headers()['x-http-method-override'] === 'PATCH') chunks++;
    });
    await page.getByLabel('Files to upload').setInputFiles(file);
    const progress = page.getByRole('progressbar', { name: 'Upload of session-take-3.wav' });
    await progress.waitFor();
    await expect.poll(() => chunks, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const before = Number(await progress.getAttribute('aria-valuenow'));
    expect(before).toBeGreaterThan(0);
    await saveScreenshot(page.getByRole('region', { name: 'Uploads' }), 'uploads-progress');

    await page.reload();
    page = page.context().pages()[0]!;
    await page.getByRole('heading', { name: 'Your files' }).waitFor();
    const offsets: number[] = [];
    page.on('request', (request: Request) => {
      const offset = request.headers()['upload-offset'];
      if (request.headers()['x-http-method-override'] === 'PATCH' && offset)
        offsets.push(Number(offset));
    });
    await page.getByLabel('Files to upload').setInputFiles(file);
    await items(page, 'completed').waitFor({ timeout: 60_000 });
    // The first chunk after the reload started where the server had stopped, not at 0.
    expect(offsets[0]).toBeGreaterThanOrEqual(10 * MB);
    const list = page.getByRole('region', { name: 'Files' });
    await list.getByText('session-take-3.wav').waitFor();
    await list.getByText(/30 MB/).waitFor();
    await saveScreenshot(page, 'files-desktop');
    await page.context().close();
  });

  it('starts anew when the upload it would resume is gone', async () => {
    const file = fileOf('demo-take.wav', 12 * MB);
    let page = await signedInPage(app, admin);
    await page.route('**/api/v1/tus/upload/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    let location = '';
    page.on('response', (response) => {
      const header = response.headers()['location'];
      if (header?.startsWith('/api/v1/tus/upload/')) location = header;
    });
    await page.getByLabel('Files to upload').setInputFiles(file);
    await expect.poll(() => location).not.toBe('');
    await page.reload();
    page = page.context().pages()[0]!;
    await page.getByRole('heading', { name: 'Your files' }).waitFor();
    // The server no longer has it (expired, or ended elsewhere).
    const ended = await page.context().request.fetch(location, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'x-http-method-override': 'DELETE',
        'x-xsrf-token': decodeURIComponent(
          (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
        ),
      },
    });
    expect(ended.status()).toBe(204);

    let created = 0;
    page.on('request', (request: Request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/tus/upload')) created++;
    });
    await page.getByLabel('Files to upload').setInputFiles(file);
    await items(page, 'completed').waitFor({ timeout: 60_000 });
    expect(created).toBe(1);
    await page.context().close();
  });

  it('fails a file that is too large or of a blocked type at once', async () => {
    const page = await signedInPage(app, admin);
    let sent = 0;
    page.on('request', (request: Request) => {
      if (request.method() !== 'GET' && /file-entries|tus/.test(request.url())) sent++;
    });
    await page
      .getByLabel('Files to upload')
      .setInputFiles([fileOf('big.bin', 60 * MB), fileOf('tool.exe', 1000)]);
    const failed = items(page, 'failed');
    await expect.poll(() => failed.count()).toBe(2);
    await failed.filter({ hasText: '`big.bin` exceeds maximum allowed size of 50 MB' }).waitFor();
    await failed.filter({ hasText: 'This file type is not allowed' }).waitFor();
    expect(sent).toBe(0);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Uploads' }).count()).toBe(0);
    await page.context().close();
  });

  it('uploads a folder one file at a time', async () => {
    const album = path.join(folder, 'Night Album');
    for (const name of ['01 intro.txt', '02 theme.txt', '03 outro.txt']) {
      fileOf(path.join('Night Album', name), 200_000);
    }
    const page = await signedInPage(app, admin);
    await page.route('**/api/v1/file-entries*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    let most = 0;
    const watch = setInterval(() => {
      void items(page, 'inProgress')
        .count()
        .then((count) => (most = Math.max(most, count)))
        .catch(() => undefined);
    }, 50);
    await page.getByLabel('Folder to upload').setInputFiles(album);
    await expect.poll(() => items(page, 'completed').count(), { timeout: 20_000 }).toBe(3);
    clearInterval(watch);
    expect(most).toBe(1);
    await page
      .getByRole('region', { name: 'Uploads' })
      .getByText('Night Album/02 theme.txt')
      .waitFor();
    await page.context().close();
  });
});

describe('uploads straight to S3-compatible storage', () => {
  let s3: S3Standin;
  let app: AppProcess;
  let admin: BrowserContext;

  beforeAll(async () => {
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    s3 = await startS3Standin('cadenza-e2e', origin);
    ({ app, admin } = await startApp(s3.env, port));
    await sendWithXsrf(admin.request, '/api/v1/settings', {
      'uploads.max_size': 200 * MB,
      'uploads.direct_upload': true,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await s3?.close();
  });

  it('sends a 120 MB file in parts to the bucket', async () => {
    const page = await signedInPage(app, admin);
    const parts: string[] = [];
    page.on('requestfinished', (request: Request) => {
      if (request.method() === 'PUT' && request.url().startsWith(s3.url)) parts.push(request.url());
    });
    await page.getByLabel('Files to upload').setInputFiles(fileOf('live-set.flac', 120 * MB));
    await items(page, 'completed').waitFor({ timeout: 120_000 });
    expect(parts).toHaveLength(6);
    expect(parts.every((url) => url.includes('partNumber='))).toBe(true);
    await page.getByRole('region', { name: 'Files' }).getByText('live-set.flac').waitFor();
    await page.context().close();
  });
});
