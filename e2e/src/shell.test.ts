import type { Menu } from '@cadenza/contracts/menus';
import { profileSlug } from '@cadenza/contracts/users';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logIn, sendWithXsrf } from './app-process.js';
import { DESKTOP, openApp, MOBILE, baseURL, launchBrowser, newPage } from './browser.js';

type Device = typeof DESKTOP | typeof MOBILE;

let browser: Browser;
let admin: BrowserContext;
let original: Record<string, unknown>;

const CHANGED_SETTINGS = [
  'menus',
  'billing.enable',
  'homepage.pricing',
  'landing.show_trending',
  'cookie_notice.position',
] as const;

/** Logs a browser context in as the admin through the API, as the login form would. */
const logInAsAdmin = (context: BrowserContext) =>
  logIn(context.request, inject('adminEmail'), inject('adminPassword'));

async function saveSettings(values: Record<string, unknown>): Promise<void> {
  await sendWithXsrf(admin.request, '/api/v1/settings', values);
}

async function adminRoleId(): Promise<number> {
  const page = await admin.newPage();
  await page.goto('/');
  const roles = await page.evaluate(
    () =>
      (window as unknown as { bootstrapData: { user: { roles: { id: number; name: string }[] } } })
        .bootstrapData.user.roles,
  );
  await page.close();
  return roles.find((role) => role.name === 'admin')!.id;
}

async function acceptCookies(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: baseURL() }]);
}

/** The labels of the primary menu: in the navbar on desktop, in the menu tray on mobile. */
async function primaryMenuLabels(page: Page, device: Device): Promise<string[]> {
  if (device === MOBILE) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const tray = page.getByRole('dialog', { name: 'Menu' });
    await tray.waitFor();
    const labels = await tray
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link')
      .allTextContents();
    await tray.getByRole('button', { name: 'Close' }).click();
    await tray.waitFor({ state: 'detached' });
    return labels;
  }
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  return nav.getByRole('link').allTextContents();
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext({ baseURL: baseURL() });
  await logInAsAdmin(admin);
  const response = await admin.request.get('/api/v1/settings');
  const { settings } = (await response.json()) as { settings: Record<string, unknown> };
  original = Object.fromEntries(CHANGED_SETTINGS.map((key) => [key, settings[key]]));
});

afterAll(async () => {
  if (admin && original) await saveSettings(original);
  await admin?.close();
  await browser?.close();
});

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const)('the app shell on %s', (_name, device) => {
  it('shows the landing page with all its sections', async () => {
    await saveSettings({ 'homepage.pricing': true, 'billing.enable': true });
    const page = await newPage(browser, device);
    await acceptCookies(page.context());
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openApp(page);

    // Header: title, subtitle, two calls to action.
    await page.getByRole('heading', { level: 1, name: 'Music for every moment' }).waitFor();
    expect(await page.getByText('Stream millions of tracks').count()).toBe(1);
    const header = page.locator('section[aria-labelledby="landing-title"]');
    expect(await header.getByRole('link', { name: 'Start listening' }).getAttribute('href')).toBe(
      '/discover',
    );
    expect(await header.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/pricing',
    );

    // Primary and secondary features; secondary ones alternate sides on wide screens.
    for (const title of [
      'Stream without limits',
      'Discover every week',
      'Playlists for everything',
    ]) {
      expect(await page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    }
    const secondary = page.getByRole('region', { name: 'More features' }).getByRole('article');
    expect(await secondary.count()).toBe(3);
    const sides: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      const article = secondary.nth(i);
      await article.scrollIntoViewIfNeeded();
      const image = (await article.locator('img').boundingBox())!;
      const text = (await article.getByRole('heading').boundingBox())!;
      if (device === DESKTOP) sides.push(image.x < text.x);
      else expect(image.y).toBeLessThan(text.y);
    }
    if (device === DESKTOP) expect(sides).toEqual([true, false, true]);

    // Trending artists: the catalogue's answer, or the empty state while there is none.
    const trending = page.getByRole('region', { name: 'Trending artists' });
    await trending.scrollIntoViewIfNeeded();
    const answer = await page.request.get('/api/v1/landing/artists');
    const artists =
      answer.status() === 200
        ? ((await answer.json()) as { artists: { id: number; name: string }[] }).artists
        : [];
    if (artists.length > 0) {
      const first = artists[0]!;
      const link = trending.getByRole('link', { name: first.name, exact: false }).first();
      expect(await link.getAttribute('href')).toBe(
        `/artist/${first.id}/${profileSlug(first.name)}`,
      );
      expect(await trending.getByRole('link').count()).toBe(Math.min(artists.length, 30));
    } else {
      await trending.getByText('No trending artists yet').waitFor();
    }

    // Pricing (homepage pricing and billing both on) and the closing banner with the third CTA.
    const pricing = page.getByRole('region', { name: 'Simple, transparent pricing' });
    expect(await pricing.isVisible()).toBe(true);
    const closing = page.getByRole('region', { name: 'Ready to press play?' });
    expect(await closing.getByText('Join the listeners').isVisible()).toBe(true);
    expect(await closing.getByRole('link', { name: 'Open the player' }).getAttribute('href')).toBe(
      '/discover',
    );

    // Sections follow their settings.
    await saveSettings({ 'homepage.pricing': false, 'landing.show_trending': false });
    await openApp(page);
    await page.getByRole('heading', { level: 1, name: 'Music for every moment' }).waitFor();
    expect(await page.getByRole('region', { name: 'Simple, transparent pricing' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Trending artists' }).count()).toBe(0);
    await saveSettings({ 'billing.enable': false, 'landing.show_trending': true });

    // The search form leads to the search results.
    await page
      .getByRole('searchbox', { name: 'Search for artists, albums and tracks' })
      .fill('Blue in green');
    await page
      .getByRole('searchbox', { name: 'Search for artists, albums and tracks' })
      .press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/Blue%20in%20green');

    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('remembers the theme chosen in the footer across reloads', async () => {
    const page = await newPage(browser, device);
    await acceptCookies(page.context());
    await openApp(page);
    const footer = page.getByRole('contentinfo');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));

    expect(await isDark()).toBe(true);
    await footer.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    const lightBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    expect(lightBackground).toBe('rgb(255, 255, 255)');

    await page.reload();
    await footer.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    expect(await isDark()).toBe(false);

    await footer.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.reload();
    await footer.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await isDark()).toBe(true);
    await page.context().close();
  });

  it('hides the cookie notice after OK, also after a reload', async () => {
    const page = await newPage(browser, device);
    await openApp(page);
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.waitFor();
    expect(await notice.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe(
      '/pages/privacy-policy',
    );
    const box = (await notice.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 24);

    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await notice.count()).toBe(0);
    await page.context().close();

    // A new visitor still sees it; at the top when the admin says so.
    await saveSettings({ 'cookie_notice.position': 'top' });
    const other = await newPage(browser, device);
    await openApp(other);
    const topNotice = other.getByRole('region', { name: 'Cookie notice' });
    await topNotice.waitFor();
    expect((await topNotice.boundingBox())!.y).toBeLessThan(24);
    await saveSettings({ 'cookie_notice.position': 'bottom' });
    await other.context().close();
  });

  it('shows menu items only to visitors who meet their conditions', async () => {
    const roleId = await adminRoleId();
    const menus: Menu[] = [
      {
        id: 'e2e',
        name: 'E2E',
        positions: ['primary'],
        items: [
          { id: '1', label: 'For everyone', action: '/contact', type: 'route' },
          { id: '2', label: 'Admin role', action: '/admin', type: 'route', roles: [roleId] },
          {
            id: '3',
            label: 'Admin permission',
            action: '/admin',
            type: 'route',
            permissions: ['admin.access'],
          },
          {
            id: '4',
            label: 'With billing',
            action: '/billing',
            type: 'route',
            settings: { 'billing.enable': true },
          },
          {
            id: '5',
            label: 'Subscribers',
            action: '/billing',
            type: 'route',
            subscriptionStatus: 'subscribed',
          },
          {
            id: '6',
            label: 'Not subscribed',
            action: '/pricing',
            type: 'route',
            subscriptionStatus: 'notSubscribed',
          },
          {
            id: '7',
            label: 'Blog',
            action: 'https://example.com/blog',
            type: 'link',
            target: '_blank',
          },
        ],
      },
    ];
    await saveSettings({ menus, 'billing.enable': false });

    const guest = await newPage(browser, device);
    await acceptCookies(guest.context());
    await openApp(guest);
    expect(await primaryMenuLabels(guest, device)).toEqual([
      'For everyone',
      'Not subscribed',
      'Blog',
    ]);

    const member = await newPage(browser, device);
    await acceptCookies(member.context());
    await logInAsAdmin(member.context());
    await openApp(member);
    expect(await primaryMenuLabels(member, device)).toEqual([
      'For everyone',
      'Admin role',
      'Admin permission',
      'Not subscribed',
      'Blog',
    ]);

    // A setting condition follows the setting.
    await saveSettings({ 'billing.enable': true });
    await openApp(guest);
    expect(await primaryMenuLabels(guest, device)).toEqual([
      'For everyone',
      'With billing',
      'Not subscribed',
      'Blog',
    ]);
    await saveSettings({ 'billing.enable': false });

    // Route items navigate inside the app; link items are plain links with their target.
    if (device === DESKTOP) {
      const nav = guest.getByRole('banner').getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Blog' }).getAttribute('target')).toBe('_blank');
      await nav.getByRole('link', { name: 'For everyone' }).click();
      await guest.waitForURL((url) => url.pathname === '/contact');
    }

    await saveSettings({ menus: original.menus });
    await guest.context().close();
    await member.context().close();
  });

  it('switches the interface to Portuguese from the footer', async () => {
    const page = await newPage(browser, device);
    await acceptCookies(page.context());
    await openApp(page);
    await page.getByRole('heading', { level: 1, name: 'Music for every moment' }).waitFor();
    // Sections still loading (trending artists, plans) can change the page's height, and an open
    // menu locks the page's scroll: the menu is opened once nothing is loading.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));

    await page.getByRole('contentinfo').getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Música para cada momento' }).waitFor();
    expect(
      await page.getByRole('contentinfo').getByRole('link', { name: 'Fale conosco' }).count(),
    ).toBe(1);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Música para cada momento' }).waitFor();
    await page.context().close();
  });

  it('lets a member open the user menu and log out', async () => {
    const page = await newPage(browser, device);
    await acceptCookies(page.context());
    await logInAsAdmin(page.context());
    await openApp(page, '/pricing');
    await page.getByRole('banner').waitFor();
    if (device === DESKTOP) {
      expect(await page.getByRole('banner').getByRole('link', { name: 'Log in' }).count()).toBe(0);
    }

    if (device === MOBILE) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const tray = page.getByRole('dialog', { name: 'Menu' });
      await tray.getByRole('link', { name: 'Account settings' }).waitFor();
      await tray.getByRole('button', { name: 'Log out' }).click();
    } else {
      await page.getByRole('button', { name: /^Account menu of/ }).click();
      await page.getByRole('menuitem', { name: 'Admin area' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Account settings' }).isVisible()).toBe(true);
      await page.getByRole('menuitem', { name: 'Log out' }).click();
    }
    await page.waitForURL((url) => url.pathname === '/login');
    await openApp(page, '/pricing');
    if (device === MOBILE) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await page.context().close();
  });
});

describe('the landing page before its scripts run', () => {
  it('is drawn by the server, follows the settings, and its own code takes it over', async () => {
    const noScripts = await browser.newContext({
      ...MOBILE,
      baseURL: baseURL(),
      javaScriptEnabled: false,
    });
    const page = await noScripts.newPage();
    await page.goto('/');
    const header = page.locator('section[aria-labelledby="landing-title"]');
    await header.getByRole('heading', { level: 1, name: 'Music for every moment' }).waitFor();
    expect(await header.getByRole('link', { name: 'Start listening' }).getAttribute('href')).toBe(
      '/discover',
    );
    expect(await page.getByRole('region', { name: 'Trending artists' }).count()).toBe(1);
    // The server draws every guest's page alike, with the cookie notice (its OK works at once).
    expect(await page.getByRole('region', { name: 'Cookie notice' }).count()).toBe(1);

    // A changed setting is drawn at once.
    await saveSettings({ 'landing.show_trending': false });
    await page.reload();
    await header.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Trending artists' }).count()).toBe(0);
    await saveSettings({ 'landing.show_trending': true });
    await noScripts.close();

    // With its scripts, the landing page's own code takes the same page over without drawing
    // it twice.
    const visitor = await newPage(browser, MOBILE);
    const pageErrors: string[] = [];
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    const scripts: string[] = [];
    visitor.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openApp(visitor);
    await visitor.getByRole('region', { name: 'Cookie notice' }).waitFor();
    expect(await visitor.getByRole('heading', { level: 1 }).count()).toBe(1);
    // Not the app's entry (its router, screens and player): they come with the next page.
    expect(scripts.filter((script) => /^\/assets\/landing-[\w-]+\.js$/.test(script))).toHaveLength(
      1,
    );
    expect(scripts.filter((script) => /^\/assets\/index-[\w-]+\.js$/.test(script))).toEqual([]);
    await visitor.getByRole('button', { name: 'Open menu' }).click();
    const tray = visitor.getByRole('dialog', { name: 'Menu' });
    await tray.getByRole('link', { name: 'Log in' }).click();
    await visitor.waitForURL((url) => url.pathname === '/login');
    await visitor.getByRole('heading', { name: 'Login' }).waitFor();
    expect(scripts.filter((script) => /^\/assets\/index-[\w-]+\.js$/.test(script))).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    await visitor.context().close();
  });
});

describe('the floating back button on mobile', () => {
  it('goes back through history, and is absent on the homepage', async () => {
    const page = await newPage(browser, MOBILE);
    await acceptCookies(page.context());
    await openApp(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Go back' }).count()).toBe(0);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();

    const desktop = await newPage(browser, DESKTOP);
    await openApp(desktop, '/contact');
    await desktop.getByRole('contentinfo').waitFor();
    expect(await desktop.getByRole('button', { name: 'Go back' }).count()).toBe(0);
    await desktop.context().close();
  });
});

// Set UPDATE_SCREENSHOTS=1 (npm run screenshots) to refresh docs/screenshots/landing-*.png.
const describeScreenshots = process.env.UPDATE_SCREENSHOTS === '1' ? describe : () => {};

describeScreenshots('landing page screenshots', () => {
  const folder = path.resolve(import.meta.dirname, '../../docs/screenshots');

  it.each([
    ['light', 'desktop', DESKTOP],
    ['dark', 'desktop', DESKTOP],
    ['light', 'mobile', MOBILE],
    ['dark', 'mobile', MOBILE],
  ] as const)('saves the %s %s landing page', async (theme, deviceName, device) => {
    const page = await newPage(browser, device);
    await acceptCookies(page.context());
    await page.context().addInitScript((choice) => {
      localStorage.setItem('be-active-theme', choice);
    }, theme);
    await openApp(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // Every image loaded and decoded (lazy ones too), so the picture is the whole page.
    await page.evaluate(() =>
      Promise.all(
        Array.from(document.images, (image) => {
          image.loading = 'eager';
          const decoded = image.decode().catch(() => undefined);
          return Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 5000))]);
        }),
      ),
    );
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `landing-${theme}-${deviceName}.png`);
    await page.screenshot({ path: file, fullPage: true });
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    await page.context().close();
  });
});
