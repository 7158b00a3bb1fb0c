import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launchBrowser, newPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function registerAndOpenSettings(context: BrowserContext, page: Page, name: string) {
  await page.goto('/');
  const token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const email = `${name}-${Date.now()}@example.com`;
  const response = await context.request.post('/auth/register', {
    data: {
      email,
      username: `${name}${Date.now()}`,
      password: 'listen-closely-1',
      password_confirmation: 'listen-closely-1',
    },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/account-settings');
}

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
])('toasts on %s', (device, options) => {
  it('a new toast replaces the one showing, and a hovered toast stays until the pointer leaves', async () => {
    const page = await newPage(browser, options);
    const context = page.context();
    await registerAndOpenSettings(context, page, `toast${device}`);

    const details = page.locator('#account-details');
    await details.getByLabel('First name').fill('Ada');
    await details.getByRole('button', { name: 'Save' }).click();
    const first = page.locator('[data-toast-id]', { hasText: 'Updated account details' });
    await first.waitFor();

    const contact = page.locator('#contact-info');
    await contact.getByLabel('Phone').fill('+55 11 98765-4321');
    await contact.getByRole('button', { name: 'Save' }).click();
    const second = page.locator('[data-toast-id]', { hasText: 'Contact information updated' });
    await second.waitFor();

    // Only one toast at a time: the newer one dropped the older.
    await first.waitFor({ state: 'detached' });
    expect(await page.locator('[data-toast-id]').count()).toBe(1);

    // Hovering pauses the 3 s timer: well past it, the toast is still there.
    await second.hover();
    await page.waitForTimeout(4500);
    expect(await second.isVisible()).toBe(true);

    // Once the pointer leaves, the timer runs again and the toast goes.
    await page.mouse.move(2, 2);
    await second.waitFor({ state: 'detached', timeout: 6000 });
    await context.close();
  });
});
