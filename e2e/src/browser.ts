import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_FLAGS } from './chromium-flags.js';

/** Debian's Chromium by default; CHROME_PATH names another build. */
export function chromePath(): string {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `No Chromium found at ${candidate}. Install it (Debian/Ubuntu: \`sudo apt-get install chromium\`) ` +
        'or set CHROME_PATH to a Chrome or Chromium executable, then run the tests again.',
    );
  }
  return candidate;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
  });
}

export const baseURL = (): string => inject('baseURL');

export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), ...options });
  return context.newPage();
}

/**
 * Opens a page and waits for the app to run it: the landing page and a guest's player pages are
 * drawn by the server, so their buttons show before the app's code has taken them over.
 */
export async function openApp(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-running'));
}

/**
 * Resolves once a sign-in popup has closed: it may have closed already, before the step that
 * made it close had settled, when its 'close' event can no longer be waited for.
 */
export async function popupClosed(popup: Page, timeout = 20_000): Promise<void> {
  if (popup.isClosed()) return;
  await popup.waitForEvent('close', { timeout });
}

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * One browser for a test file, and contexts that are closed after each test even when it fails,
 * so no page keeps playing into the next test. Call it at the top level of a test file.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
      const context = await browser!.newContext({ baseURL: baseURL(), ...options });
      contexts.push(context);
      return context;
    },
  };
}

/** `npm run screenshots` (UPDATE_SCREENSHOTS=1) refreshes docs/screenshots from the journeys. */
export const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
const SCREENSHOT_FOLDER = path.resolve(import.meta.dirname, '../../docs/screenshots');

/**
 * Saves a page from its top, or one part of it, as docs/screenshots/<name>.png once its fonts
 * and the pictures in view have loaded. Does nothing unless screenshots are being refreshed.
 */
export async function saveScreenshot(target: Page | Locator, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  const isPage = !('page' in target);
  const page = isPage ? target : target.page();
  if (isPage) await page.evaluate(() => window.scrollTo(0, 0));
  // A part of a page is centred first, so no sticky bar covers its top.
  else await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => {
        // Lazy pictures outside the viewport are not fetched yet.
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      })
      .every((image) => image.complete),
  );
  fs.mkdirSync(SCREENSHOT_FOLDER, { recursive: true });
  await target.screenshot({
    path: path.join(SCREENSHOT_FOLDER, `${name}.png`),
    animations: 'disabled',
  });
}

/**
 * Saves `<name>-dark` and `<name>-light`: the target in the theme it shows, then in the other.
 * The theme is switched in place, as another tab choosing it would switch it, so an open menu
 * or dialog stays open for the second picture. Does nothing unless screenshots are refreshed.
 */
export async function saveScreenshotInBothThemes(
  target: Page | Locator,
  name: string,
): Promise<void> {
  if (!SCREENSHOTS) return;
  const page = 'page' in target ? target.page() : target;
  const shown = async () =>
    (await page.evaluate(() => document.documentElement.style.colorScheme)) === 'light'
      ? 'light'
      : 'dark';
  const first = await shown();
  await saveScreenshot(target, `${name}-${first}`);
  const second = first === 'dark' ? 'light' : 'dark';
  await page.evaluate((theme) => {
    localStorage.setItem('be-active-theme', theme);
    window.dispatchEvent(new StorageEvent('storage', { key: 'be-active-theme' }));
  }, second);
  await expect.poll(shown).toBe(second);
  await saveScreenshot(target, `${name}-${second}`);
}
