import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launchBrowser, newPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
])('a visitor on %s', (_name, device) => {
  it('loads the home page, wanders off to a missing page and finds the way back', async () => {
    const page = await newPage(browser, device);
    const failedRequests: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await page.waitForFunction(() => document.querySelector('#root')?.childElementCount);

    await page.goto('/this/does/not/exist');
    const heading = page.getByText("Looks like you've found the doorway to the great nothing");
    await heading.waitFor();
    await page.getByRole('link', { name: 'Take me there!' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await heading.waitFor({ state: 'detached' });

    expect(pageErrors).toEqual([]);
    expect(failedRequests).toEqual([]);
    await page.context().close();
  });
});
