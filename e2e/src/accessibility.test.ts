import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { logIn, sendWithXsrf } from './app-process.js';
import { DESKTOP, baseURL, useBrowser } from './browser.js';

const browser = useBrowser();

/** Ids of demo catalogue objects, so the screens can be opened by their URLs. */
const demo = { artist: 0, album: 0, playlist: 0 };

async function json<T>(context: BrowserContext, url: string): Promise<T> {
  const response = await context.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

async function asAdmin(): Promise<BrowserContext> {
  const admin = await browser.newContext();
  await logIn(admin.request, inject('adminEmail'), inject('adminPassword'));
  return admin;
}

beforeAll(async () => {
  const admin = await asAdmin();
  const { artists } = await json<{ artists: { id: number }[] }>(admin, '/api/v1/landing/artists');
  demo.artist = artists[0]!.id;
  const { artist } = await json<{ artist: { albums: { data: { id: number }[] } } }>(
    admin,
    `/api/v1/artists/${demo.artist}`,
  );
  demo.album = artist.albums.data[0]!.id;
  // The demo playlists belong to the admin.
  const { pagination } = await json<{ pagination: { data: { id: number }[] } }>(
    admin,
    '/api/v1/users/me/playlists',
  );
  demo.playlist = pagination.data[0]!.id;
});

type Theme = 'dark' | 'light';

async function visitor(theme: Theme): Promise<BrowserContext> {
  const context = await browser.newContext({ ...DESKTOP, colorScheme: theme });
  await context.addInitScript((choice) => localStorage.setItem('be-active-theme', choice), theme);
  // The cookie notice has its own check below; on the other screens it was answered.
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: baseURL() }]);
  return context;
}

let sequence = 0;
/** A new listener, signed in through registration as the register form would do it. */
async function listener(theme: Theme): Promise<BrowserContext> {
  const context = await visitor(theme);
  sequence++;
  const name = `axe${sequence}${Date.now()}`;
  await context.request.get('/');
  await sendWithXsrf(context.request, '/auth/register', {
    email: `${name}@example.com`,
    username: name,
    password: 'a quiet listening room',
    password_confirmation: 'a quiet listening room',
  });
  return context;
}

/**
 * Opens a screen and runs axe over it: no serious or critical violation of WCAG 2.1 A/AA, and
 * nothing refused by the Content-Security-Policy on the way.
 */
async function expectAccessible(page: Page, url: string, ready: (page: Page) => Promise<unknown>) {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
  expect(blocking, url).toEqual([]);
  expect(refused, url).toEqual([]);
}

const heading = (name?: string | RegExp) => (page: Page) =>
  page
    .getByRole('heading', { level: 1, ...(name ? { name } : {}) })
    .first()
    .waitFor();
const main = (page: Page) => page.locator('#player-content, main').first().waitFor();

it('finds violations where there are some', async () => {
  // The check below would pass on anything if axe did not run: show it failing once.
  const page = await (await visitor('dark')).newPage();
  await page.goto('/this-page-is-not-here');
  await page.evaluate(() => {
    const button = document.createElement('button');
    document.body.append(button);
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a']).analyze();
  expect(results.violations.map((violation) => violation.id)).toContain('button-name');
});

describe.each(['dark', 'light'] as const)('accessibility in the %s theme', (theme) => {
  it('the guest screens', async () => {
    const page = await (await visitor(theme)).newPage();
    const screens: [string, (page: Page) => Promise<unknown>][] = [
      ['/', heading()],
      ['/login', heading()],
      ['/register', heading()],
      ['/forgot-password', heading()],
      ['/pricing', main],
      ['/contact', heading()],
      ['/pages/privacy-policy', heading('Privacy policy')],
      ['/this-page-is-not-here', (p) => p.getByText(/doorway to the great nothing/).waitFor()],
      ['/discover', (p) => p.getByRole('button', { name: 'Play', exact: true }).first().waitFor()],
      [`/artist/${demo.artist}`, heading()],
      [`/album/${demo.album}`, heading()],
      [`/playlist/${demo.playlist}`, heading()],
      ['/search/a', main],
    ];
    for (const [url, ready] of screens) await expectAccessible(page, url, ready);
  });

  it('the cookie notice', async () => {
    const context = await browser.newContext({ ...DESKTOP, colorScheme: theme });
    await context.addInitScript((choice) => localStorage.setItem('be-active-theme', choice), theme);
    const page = await context.newPage();
    await expectAccessible(page, '/', (p) => p.getByRole('button', { name: 'OK' }).waitFor());
  });

  it("a listener's screens", async () => {
    const page = await (await listener(theme)).newPage();
    await expectAccessible(page, '/account-settings', heading());
    await expectAccessible(page, '/library', main);
  });

  it('the e-mail verification screen', async () => {
    const admin = await asAdmin();
    await sendWithXsrf(admin.request, '/api/v1/settings', { require_email_confirmation: true });
    try {
      const page = await (await listener(theme)).newPage();
      await expectAccessible(page, '/', heading('Verify your email'));
    } finally {
      await sendWithXsrf(admin.request, '/api/v1/settings', { require_email_confirmation: false });
    }
  });
});
