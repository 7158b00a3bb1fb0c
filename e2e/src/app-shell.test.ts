import {
  request as apiRequest,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logIn, sendWithXsrf } from './app-process.js';
import { baseURL, DESKTOP, MOBILE, openApp, useBrowser } from './browser.js';
import { elapsedSeconds, playerBar, waitForElapsed } from './player-bar.js';

/*
 * One app shell for a member: the player bar, and the music it plays, stay while the listener
 * opens their account, plan, notifications and workspaces; the user menu leads everywhere.
 */

const PASSWORD = 'one-shell-for-all';
const CHANGED_SETTINGS = [
  'billing.enable',
  'notif.subs.integrated',
  'notifications.integrated',
  'ads.general_top',
] as const;
// An ad 60 px tall: its frame must fit it, not keep the slot's default height.
const AD = '<div style="height:60px;font:16px sans-serif">Concert tickets on sale</div>';

const browser = useBrowser();
let admin: APIRequestContext;
let original: Record<string, unknown>;

async function saveSettings(values: Record<string, unknown>) {
  await sendWithXsrf(admin, '/api/v1/settings', values);
}

beforeAll(async () => {
  admin = await apiRequest.newContext({ baseURL: baseURL() });
  await logIn(admin, inject('adminEmail'), inject('adminPassword'));
  const response = await admin.get('/api/v1/settings');
  const { settings } = (await response.json()) as { settings: Record<string, unknown> };
  original = Object.fromEntries(CHANGED_SETTINGS.map((key) => [key, settings[key] ?? null]));
  await saveSettings({
    'billing.enable': true,
    'notif.subs.integrated': false,
    'notifications.integrated': true,
  });
});

afterAll(async () => {
  if (original) await saveSettings(original);
  await admin?.dispose();
});

/** A listener's account made through the API, so the browser signs in through the form. */
async function registerListener(longName = false): Promise<{ email: string; name: string }> {
  const api = await apiRequest.newContext({ baseURL: baseURL() });
  try {
    await api.get('/api/v1/bootstrap-data');
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    // Thirty characters, the most a username may have, for a name that would squeeze the header.
    const name = longName ? `u${stamp}maximilianawilhelmina`.slice(0, 30) : `shell${stamp}`;
    const email = `${name}@example.com`;
    await sendWithXsrf(api, '/auth/register', {
      email,
      username: name,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    return { email, name };
  } finally {
    await api.dispose();
  }
}

async function newContext(device: typeof DESKTOP | typeof MOBILE): Promise<BrowserContext> {
  const context = await browser.newContext({ ...device, colorScheme: 'dark' });
  await context.addInitScript(() => localStorage.setItem('be-active-theme', 'dark'));
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: baseURL() }]);
  // A step that does not happen fails at that step, well before the test's own time runs out.
  context.setDefaultTimeout(20_000);
  return context;
}

async function signInThroughTheForm(page: Page, email: string) {
  await openApp(page, '/login');
  await page.getByLabel(/^Email\*?$/).fill(email);
  await page.getByLabel(/^Password\*?$/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The music plays on: the elapsed time moves, and the bar offers Pause. */
async function expectStillPlaying(page: Page) {
  const bar = playerBar(page);
  await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor();
  const before = await elapsedSeconds(bar);
  await waitForElapsed(bar, before + 1);
  await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor();
}

const openUserMenu = (page: Page) => page.getByRole('button', { name: /^Account menu of/ }).click();

async function chooseFromUserMenu(page: Page, item: string) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: item }).click();
}

describe('one app shell for a member', () => {
  it('signs in to the player, and the music plays on through account, billing, notifications and workspaces', async () => {
    const { email } = await registerListener();
    const page = await (await newContext(DESKTOP)).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // Signing in lands in the player, not on the marketing page.
    await signInThroughTheForm(page, email);
    await page.waitForURL((url) => url.pathname === '/discover');

    const play = page
      .locator('#player-content')
      .getByRole('button', { name: 'Play', exact: true })
      .first();
    await play.waitFor({ timeout: 30_000 });
    await play.click();
    await waitForElapsed(playerBar(page), 2);
    await expectStillPlaying(page);

    // The user menu leads everywhere a member goes, and has the theme and the language.
    await openUserMenu(page);
    for (const item of [
      'Request backstage access',
      'Plan and billing',
      'Workspaces',
      'Account settings',
      'Switch to light mode',
      'English',
    ]) {
      await page.getByRole('menuitem', { name: item }).waitFor();
    }
    expect(
      await page.getByRole('menuitem', { name: 'Request backstage access' }).getAttribute('href'),
    ).toBe('/backstage');
    await page.keyboard.press('Escape');

    await chooseFromUserMenu(page, 'Account settings');
    await page.waitForURL((url) => url.pathname === '/account-settings');
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    await expectStillPlaying(page);

    await chooseFromUserMenu(page, 'Plan and billing');
    await page.waitForURL((url) => url.pathname.startsWith('/billing'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectStillPlaying(page);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('link', { name: 'View all notifications' }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await expectStillPlaying(page);

    // The preferences are the owner's to reach, even with subscriptions not integrated.
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await page.waitForURL((url) => url.pathname === '/notifications/settings');
    await page.getByRole('heading', { level: 1, name: 'Notification settings' }).waitFor();
    await expectStillPlaying(page);

    await chooseFromUserMenu(page, 'Workspaces');
    await page.waitForURL((url) => url.pathname === '/workspaces');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectStillPlaying(page);

    // Back, all the way to the player: still playing.
    for (const pathname of [
      '/notifications/settings',
      '/notifications',
      '/billing',
      '/account-settings',
      '/discover',
    ]) {
      await page.goBack();
      await page.waitForURL((url) => url.pathname.startsWith(pathname));
    }
    await page.locator('#player-content').getByRole('button').first().waitFor();
    await expectStillPlaying(page);

    // The theme changes from the user menu.
    await chooseFromUserMenu(page, 'Switch to light mode');
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));

    expect(pageErrors).toEqual([]);
  }, 180_000);

  it('returns to the page asked for after signing in', async () => {
    const { email } = await registerListener();
    const page = await (await newContext(DESKTOP)).newPage();
    await openApp(page, '/workspaces');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel(/^Email\*?$/).fill(email);
    await page.getByLabel(/^Password\*?$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/workspaces');
  });
});

describe('the player on a phone', () => {
  it('keeps the back button, a long name and ads out of the way, and scrolls each screen from its top', async () => {
    await saveSettings({ 'ads.general_top': AD });
    const { email } = await registerListener(true);
    const context = await newContext(MOBILE);
    const page = await context.newPage();
    await signInThroughTheForm(page, email);
    await page.waitForURL((url) => url.pathname === '/discover');
    const content = page.locator('#player-content');
    await content.getByRole('button', { name: 'Play', exact: true }).first().waitFor({
      timeout: 30_000,
    });

    // No floating back button over the rows: the header has it.
    const backButtons = page.getByRole('button', { name: 'Go back' });
    await expect.poll(() => backButtons.count()).toBe(1);
    const back = (await backButtons.boundingBox())!;
    const header = (await page.getByRole('banner').first().boundingBox())!;
    expect(back.y + back.height).toBeLessThanOrEqual(header.y + header.height + 1);

    // The search keeps most of the header, whatever the name's length.
    const search = (await page.getByRole('search').boundingBox())!;
    expect(search.width).toBeGreaterThan(390 * 0.45);

    // The ad's frame fits the ad, with no white box around it on the dark theme.
    const frame = page.locator('iframe[title="Advertisement"]').first();
    await frame.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeLessThan(100);
    expect(await frame.evaluate((element) => getComputedStyle(element).colorScheme)).toBe('normal');

    // From a scrolled screen to the next: it opens at its top; Back returns to where it was.
    // One from the middle of the screen: near its end, Back could not scroll as far again if
    // the screen came back a little shorter (an ad's frame still fitting itself).
    const links = content.locator('a[href^="/album/"], a[href^="/artist/"]');
    const link = links.nth(Math.floor((await links.count()) * 0.6));
    await link.scrollIntoViewIfNeeded();
    const scrolled = await content.evaluate((element) => element.scrollTop);
    expect(scrolled).toBeGreaterThan(200);
    await link.click();
    await page.waitForURL((url) => /^\/(album|artist)\//.test(url.pathname));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await content.evaluate((element) => element.scrollTop)).toBe(0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/discover');
    await expect
      .poll(() => content.evaluate((element) => element.scrollTop), { timeout: 5_000 })
      // Within a row: pictures and the ad may settle to a slightly different height.
      .toBeGreaterThan(scrolled - 100);

    await saveSettings({ 'ads.general_top': original['ads.general_top'] });
  }, 120_000);
});
