import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, openApp, useBrowser } from './browser.js';

const { newContext } = useBrowser();

/** The landing page's scripts (its entry and what it loads) wait until `release` is called. */
async function holdScripts(context: BrowserContext): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

/** Whether two boxes share any area. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The cookie notice covers none of the footer's buttons and links. */
async function expectClearOfFooterControls(page: Page): Promise<void> {
  const noticeBox = (await page.getByRole('region', { name: 'Cookie notice' }).boundingBox())!;
  const footer = page.getByRole('contentinfo');
  const controls = [
    ...(await footer.getByRole('button').all()),
    ...(await footer.getByRole('link').all()),
  ];
  expect(controls.length).toBeGreaterThan(1);
  for (const control of controls) {
    const box = await control.boundingBox();
    if (box) expect(overlap(noticeBox, box), await control.innerText()).toBe(false);
  }
}

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
])('the landing page’s first clicks on %s', (_device, options) => {
  it('answers the theme toggle and the cookie notice before its scripts have run', async () => {
    const context = await newContext(options);
    const release = await holdScripts(context);
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const footer = page.getByRole('contentinfo');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.waitFor();

    // At the foot of the page the notice takes its own place: the footer's controls stay clear.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const toggle = footer.getByRole('button', { name: 'Switch to light mode' });
    await expectClearOfFooterControls(page);

    expect(await isDark(page)).toBe(true);
    await toggle.click();
    expect(await isDark(page)).toBe(false);
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'hidden' });
    expect(
      await page.evaluate(() => document.documentElement.hasAttribute('data-app-running')),
    ).toBe(false);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'cookie_notice_accepted')?.value).toBe('1');

    // The app takes over what was chosen, and answers from then on.
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-running'));
    expect(await isDark(page)).toBe(false);
    expect(await notice.count()).toBe(0);
    await footer.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));

    // Remembered: the next visit starts dark with the notice answered, scripts or not.
    await context.route('**/assets/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'domcontentloaded' });
    await footer.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await notice.count()).toBe(0);
  });

  it('keeps the notice clear of the footer once the app runs', async () => {
    const context = await newContext(options);
    const page = await context.newPage();
    await openApp(page);
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.waitFor();
    // While the page scrolls, the notice keeps to the foot of the screen.
    const viewport = page.viewportSize()!;
    const atTop = (await notice.boundingBox())!;
    expect(atTop.y + atTop.height).toBeGreaterThan(viewport.height - 24);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 0);
    await expectClearOfFooterControls(page);
    const toggle = page.getByRole('contentinfo').getByRole('button', { name: /^Switch to/ });
    await toggle.click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  });
});
