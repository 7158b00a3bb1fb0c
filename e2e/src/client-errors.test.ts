import { request, type APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logIn, sendWithXsrf } from './app-process.js';
import { baseURL, openApp, useBrowser } from './browser.js';

const { newContext } = useBrowser();
let admin: APIRequestContext;
let originalPercent: unknown;

beforeAll(async () => {
  admin = await request.newContext({ baseURL: baseURL() });
  await logIn(admin, inject('adminEmail'), inject('adminPassword'));
  const { settings } = (await (await admin.get('/api/v1/settings')).json()) as {
    settings: Record<string, unknown>;
  };
  originalPercent = settings['client_errors.sample_percent'];
  // Every error reported, so one thrown error is sure to arrive.
  await sendWithXsrf(admin, '/api/v1/settings', { 'client_errors.sample_percent': 100 });
});

afterAll(async () => {
  await sendWithXsrf(admin, '/api/v1/settings', {
    'client_errors.sample_percent': originalPercent,
  });
  await admin.dispose();
});

async function errorLogMessages(): Promise<{ message: string; url: string; source: string }[]> {
  const response = await admin.get('/api/v1/admin/error-log?perPage=50');
  const body = (await response.json()) as {
    pagination: { data: { url: string; source: string; debug: { message: string } }[] };
  };
  return body.pagination.data.map((entry) => ({
    message: entry.debug.message,
    url: entry.url,
    source: entry.source,
  }));
}

describe('errors in a visitor’s browser', () => {
  it.each(['/', '/discover'])('reach the admin’s error log from %s', async (path) => {
    const context = await newContext();
    const page = await context.newPage();
    await openApp(page, path);
    const marker = `Thrown on ${path} at ${Date.now()}`;
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, marker);
    await expect
      .poll(async () => (await errorLogMessages()).find((entry) => entry.message.includes(marker)))
      .toMatchObject({ source: 'browser', url: page.url() });
  });
});
