import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendWithXsrf } from './app-process.js';
import { elapsedSeconds, playerBar, shownTitle, trackTitle, waitForElapsed } from './player-bar.js';
import {
  DESKTOP,
  openApp,
  MOBILE,
  SCREENSHOTS,
  baseURL,
  saveScreenshot,
  saveScreenshotInBothThemes,
  useBrowser,
} from './browser.js';

const browser = useBrowser();

async function newContext(device: typeof DESKTOP | typeof MOBILE): Promise<BrowserContext> {
  const context = await browser.newContext({ colorScheme: 'dark', ...device });
  await context.addInitScript(() => localStorage.setItem('be-active-theme', 'dark'));
  // The cookie notice was answered on an earlier visit; it would cover the player bar.
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: baseURL() }]);
  return context;
}

const firstPlayButton = (page: Page) =>
  page.locator('#player-content').getByRole('button', { name: 'Play', exact: true }).first();

/** Starts music the way a visitor does: the first 'Play' button of the discover page. */
async function startFromDiscover(page: Page) {
  await openApp(page, '/discover');
  await firstPlayButton(page).waitFor({ timeout: 30_000 });
  await firstPlayButton(page).click();
}

describe('the web player', () => {
  it('starts a radio from a track: the track first, then ten or more others, none twice', async () => {
    const context = await newContext(DESKTOP);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openApp(page, '/top-50');
    await page.getByRole('heading', { level: 1, name: 'Top 50' }).waitFor({ timeout: 30_000 });
    const row = page.locator('#player-content').getByRole('row').nth(2);
    const options = row.getByRole('button', { name: /^More options for / });
    await options.waitFor({ timeout: 30_000 });
    const seedTitle = ((await options.getAttribute('aria-label')) ?? '').replace(
      'More options for ',
      '',
    );
    await options.click();
    const radioAsked = page.waitForResponse((response) =>
      /\/api\/v1\/radio\/track\/\d+/.test(response.url()),
    );
    await page.getByRole('menuitem', { name: 'Start radio' }).click();
    expect((await radioAsked).status()).toBe(200);

    // The seed plays at once, and the queue holds the radio after it.
    const bar = playerBar(page);
    await expect.poll(() => shownTitle(page), { timeout: 15_000 }).toBe(seedTitle);
    await waitForElapsed(bar, 1);
    await bar.getByRole('button', { name: 'Show queue' }).click();
    const queue = page.getByRole('list', { name: 'Tracks in the queue' });
    await queue.waitFor();
    const entries = await queue.getByRole('listitem').allTextContents();
    expect(entries.length).toBeGreaterThanOrEqual(11);
    expect(entries[0]).toContain(seedTitle);
    expect(entries.slice(1).some((entry) => entry.includes(seedTitle))).toBe(false);
    // The autoplay setting sits with the queue, on by default.
    await expect
      .poll(() =>
        page
          .getByRole('switch', { name: 'Autoplay similar music when the queue ends' })
          .getAttribute('aria-checked'),
      )
      .toBe('true');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('plays from discover, skips, and keeps the queue across a reload', async () => {
    const context = await newContext(DESKTOP);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const plays: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/tracks\/\d+\/plays/.test(request.url())) {
        plays.push(request.url());
      }
    });

    // From discover to the Top 50 through the side navigation, then play the whole chart.
    await openApp(page, '/discover');
    await firstPlayButton(page).waitFor({ timeout: 30_000 });
    await page
      .getByRole('navigation', { name: 'Browse' })
      .getByRole('link', { name: 'Top 50' })
      .click();
    await page.waitForURL((url) => url.pathname === '/top-50');
    // The chart's own Play, not discover's while the chart's code arrives.
    await page.getByRole('heading', { level: 1, name: 'Top 50' }).waitFor({ timeout: 30_000 });
    await firstPlayButton(page).waitFor({ timeout: 30_000 });
    await firstPlayButton(page).click();
    const bar = playerBar(page);
    await trackTitle(page).waitFor();
    const firstTitle = await shownTitle(page);
    expect(firstTitle).not.toBe('');

    // The audio really decodes: the elapsed time moves, and the bar offers Pause.
    await waitForElapsed(bar, 2);
    await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor();

    await bar.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => shownTitle(page)).not.toBe(firstTitle);
    const secondTitle = await shownTitle(page);
    await waitForElapsed(bar, 2);

    // The queue lists both tracks, the second one current.
    await bar.getByRole('button', { name: 'Show queue' }).click();
    const queue = page.getByRole('list', { name: 'Tracks in the queue' });
    const current = queue.locator('li[aria-current="true"]');
    expect(await current.textContent()).toContain(secondTitle);
    const queuedCount = await queue.getByRole('listitem').count();
    expect(queuedCount).toBeGreaterThanOrEqual(2);

    await page.reload();
    await trackTitle(page).waitFor();
    expect(await shownTitle(page)).toBe(secondTitle);
    // Restored paused, at the position where it stopped.
    await playerBar(page).getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect(await elapsedSeconds(playerBar(page))).toBeGreaterThanOrEqual(1);
    await playerBar(page).getByRole('button', { name: 'Show queue' }).click();
    expect(
      await page.getByRole('list', { name: 'Tracks in the queue' }).getByRole('listitem').count(),
    ).toBe(queuedCount);

    // Space resumes playback from there.
    await page.locator('body').press('Space');
    await playerBar(page).getByRole('button', { name: 'Pause', exact: true }).waitFor();

    expect(pageErrors).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ])('opens the full-screen player on %s and closes it with Escape', async (name, device) => {
    const context = await newContext(device);
    const page = await context.newPage();
    await startFromDiscover(page);
    await trackTitle(page).waitFor();
    const title = await shownTitle(page);

    if (name === 'desktop') {
      await playerBar(page).getByRole('button', { name: 'Full screen' }).click();
    } else {
      await page.getByRole('button', { name: `Open the player for ${title}` }).click();
    }
    const fullscreen = page.getByRole('dialog', { name: 'Now playing' });
    await fullscreen.waitFor();
    await fullscreen.getByText(title, { exact: true }).waitFor();
    await waitForElapsed(fullscreen, 3);
    await fullscreen.getByRole('button', { name: 'Pause', exact: true }).click();
    await fullscreen.getByRole('button', { name: 'Play', exact: true }).waitFor();

    await saveScreenshot(page, `player-fullscreen-${name}`);

    await page.keyboard.press('Escape');
    await fullscreen.waitFor({ state: 'detached' });
  });
});

describe('browsing the catalogue', () => {
  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const)(
    'shows playlists as mosaics of their albums, then an album and its artist (%s)',
    async (name, device) => {
      const context = await newContext(device);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));

      await openApp(page, '/discover');
      const playlists = page.locator('section', {
        has: page.getByRole('heading', { name: 'Featured playlists' }),
      });
      const focusFlow = playlists.getByRole('link', { name: 'Focus Flow' });
      await focusFlow.waitFor();
      // The card's cover is four album covers, each one loaded.
      const tiles = focusFlow.locator('xpath=ancestor::div[contains(@class,"group")][1]//img');
      await expect.poll(() => tiles.count()).toBe(4);
      await tiles.last().scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          tiles.evaluateAll((images) =>
            images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
          ),
        )
        .toBe(true);
      // A shelf below the first is laid out as it nears the viewport; its first card still
      // shows and answers to its very edge, which reaches past the shelf's own.
      const firstCard = playlists.locator('[data-layout="carousel"] > li').first();
      await firstCard.scrollIntoViewIfNeeded();
      const edgeHit = await firstCard.evaluate((card) => {
        const box = card.getBoundingClientRect();
        return card.contains(document.elementFromPoint(box.left + 2, box.top + box.height / 2));
      });
      expect(edgeHit).toBe(true);
      await page.evaluate(() => document.getElementById('player-content')?.scrollTo(0, 0));
      await saveScreenshot(page, `discover-${name}`);

      await page
        .locator('#player-content')
        .getByRole('link', { name: 'Signal Fire' })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: 'Signal Fire' }).waitFor();
      await saveScreenshot(page, `album-${name}`);

      await page
        .locator('#player-content')
        .getByRole('link', { name: 'Neon Harbor' })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: 'Neon Harbor' }).waitFor();
      await saveScreenshot(page, `artist-${name}`);

      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const)("opens a playlist, then its owner's profile (%s)", async (name, device) => {
    const context = await newContext(device);
    const page = await context.newPage();
    await openApp(page, '/discover');
    await page.locator('#player-content').getByRole('link', { name: 'Focus Flow' }).click();
    await page.getByRole('heading', { level: 1, name: 'Focus Flow' }).waitFor();
    await page.locator('#player-content').getByRole('link', { name: 'admin' }).first().click();
    const heading = page.getByRole('heading', { level: 1, name: 'admin' });
    await heading.waitFor();
    const playlists = page.getByRole('tabpanel');
    await playlists.getByRole('link', { name: 'Focus Flow' }).waitFor();

    await saveScreenshot(page, `user-profile-${name}-dark`);

    // Runs after the context's own script, so the light theme wins from the next load on.
    await context.addInitScript(() => localStorage.setItem('be-active-theme', 'light'));
    await page.reload();
    await playlists.getByRole('link', { name: 'Focus Flow' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      false,
    );
    await saveScreenshot(page, `user-profile-${name}-light`);
    await context.close();
  });

  it('draws a page opened directly from the page itself, without waiting on an API call', async () => {
    // Without the offline worker, every call the page makes is one the page itself reports.
    const context = await browser.newContext({ ...DESKTOP, serviceWorkers: 'block' });
    await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: baseURL() }]);
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
    });

    await openApp(page, '/discover');
    await firstPlayButton(page).waitFor({ timeout: 30_000 });
    expect(calls).not.toContain('/api/v1/channel/discover');

    const { artists } = (await (await fetch(`${baseURL()}/api/v1/landing/artists`)).json()) as {
      artists: { id: number; name: string }[];
    };
    const artist = artists[0]!;
    await openApp(page, `/artist/${artist.id}`);
    await page.getByRole('heading', { level: 1, name: artist.name }).waitFor();
    expect(calls).not.toContain(`/api/v1/artists/${artist.id}`);

    // A screen reached inside the player asks the server, as before.
    await page
      .getByRole('navigation', { name: 'Browse' })
      .getByRole('link', { name: 'Top 50' })
      .click();
    await expect.poll(() => calls, { timeout: 30_000 }).toContain('/api/v1/tracks/top');
    await context.close();
  });
});

describe('a guest’s player pages before their scripts run', () => {
  it('are drawn by the server, then taken over as drawn: the music plays and a reload keeps it', async () => {
    const { artists } = (await (await fetch(`${baseURL()}/api/v1/landing/artists`)).json()) as {
      artists: { id: number; name: string }[];
    };
    const artist = artists[0]!;
    const { artist: details } = (await (
      await fetch(`${baseURL()}/api/v1/artists/${artist.id}`)
    ).json()) as { artist: { bio: string; top_tracks: { name: string }[] } };
    const topTrack = details.top_tracks[0]!.name;
    const bio = details.bio.replace(/<[^>]+>/g, '');

    // Without scripts: the page the server drew, whole (the popular tracks too), the player
    // around it. The bio, which only the browser sanitizes, is left to it.
    const noScripts = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const drawn = await noScripts.newPage();
    await drawn.goto(`/artist/${artist.id}`);
    await drawn.getByRole('heading', { level: 1, name: artist.name }).waitFor();
    await drawn.getByRole('table', { name: 'Popular tracks' }).getByText(topTrack).waitFor();
    expect(await drawn.getByText(bio).count()).toBe(0);
    expect(await playerBar(drawn).getByText('Pick something to play').count()).toBe(1);
    await drawn.goto('/discover');
    expect(await drawn.locator('#player-content section h2').count()).toBeGreaterThan(0);
    const releases = (await (await fetch(`${baseURL()}/api/v1/albums/new-releases`)).json()) as {
      pagination: { data: { id: number; name: string }[] };
    };
    const newest = releases.pagination.data[0]!;
    await drawn.goto(`/album/${newest.id}`);
    await drawn.getByRole('heading', { level: 1, name: newest.name }).waitFor();
    await noScripts.close();

    // With scripts, held back until the drawn page is marked: the app keeps the same elements.
    const context = await newContext(DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The worker that loads the locale data off the main thread, as the page's policy allows.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/artist/${artist.id}`);
    const heading = page.getByRole('heading', { level: 1, name: artist.name });
    const row = page.getByRole('table', { name: 'Popular tracks' }).getByRole('row').nth(1);
    for (const element of [heading, row]) {
      await element.evaluate((drawnElement) =>
        drawnElement.setAttribute('data-drawn-by', 'server'),
      );
    }
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-running'));
    expect(await heading.getAttribute('data-drawn-by')).toBe('server');
    expect(await row.getAttribute('data-drawn-by')).toBe('server');
    await page.getByText(bio).waitFor();
    expect(workers).toEqual([expect.stringMatching(/^blob:/)]);

    await firstPlayButton(page).click();
    const bar = playerBar(page);
    await trackTitle(page).waitFor();
    const title = await shownTitle(page);
    await waitForElapsed(bar, 1);

    // A reload draws an empty player, which then shows what this browser saved.
    await page.unrouteAll();
    await openApp(page, `/artist/${artist.id}`);
    await expect.poll(() => shownTitle(page), { timeout: 30_000 }).toBe(title);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a guest’s first page and its typeface', () => {
  it('asks for the typeface with the styles, once, and lays the page out in it', async () => {
    const context = await browser.newContext({ ...MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    // The styles held back: the typeface is asked for meanwhile, not once they are read (not
    // asked for within 10 s, the styles go on regardless, and the first check below says so).
    let fontsWhileStylesHeld: string[] = [];
    await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
      await expect
        .poll(() => fonts.length, { timeout: 10_000 })
        .toBeGreaterThan(0)
        .catch(() => undefined);
      fontsWhileStylesHeld = [...fonts];
      await route.continue();
    });
    await page.goto('/discover');
    await page.locator('#player-content section h2').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(fontsWhileStylesHeld).toEqual([expect.stringMatching(/\/inter-latin-wght-normal-/)]);
    // The preloaded file is the one the styles name: fetched once, and the text drawn in it.
    expect(fonts).toEqual(fontsWhileStylesHeld);
    // (Iterated, not with `forEach`: the page runs no callbacks of its own with scripts off.)
    const loaded = await page.evaluate(() =>
      Array.from((document.fonts as unknown as { values(): Iterable<FontFace> }).values())
        .filter((face) => face.status === 'loaded')
        .map((face) => face.family.replaceAll('"', '')),
    );
    expect(loaded).toContain('Inter Variable');
    await context.close();
  });
});

// Made for you and Start radio in each look, for docs/screenshots (`npm run screenshots`) only.
const describeScreenshots = SCREENSHOTS ? describe : () => {};

describeScreenshots('listening screenshots', () => {
  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const)('shows Made for you and Start radio on %s', async (name, device) => {
    const context = await newContext(device);
    const username = `mixes${name}${Date.now()}`;
    await context.request.get('/');
    await sendWithXsrf(context.request, '/auth/register', {
      email: `${username}@example.com`,
      username,
      password: 'a week of listening',
      password_confirmation: 'a week of listening',
    });
    // A listener who has heard the twenty most popular tracks through.
    const { pagination } = (await (
      await context.request.get('/api/v1/tracks/top?perPage=20')
    ).json()) as { pagination: { data: { id: number }[] } };
    for (const track of pagination.data) {
      await sendWithXsrf(context.request, `/api/v1/tracks/${track.id}/plays`, {
        played_ms: 120_000,
        ended: true,
      });
    }

    const page = await context.newPage();
    await openApp(page, '/discover');
    const madeForYou = page.locator('section', {
      has: page.getByRole('heading', { name: 'Made for you' }),
    });
    await madeForYou.getByRole('listitem').first().waitFor();
    await saveScreenshotInBothThemes(madeForYou, `made-for-you-${name}`);

    await openApp(page, '/top-50');
    const options = page
      .locator('#player-content')
      .getByRole('button', { name: /^More options for / })
      .first();
    await options.click();
    await page.getByRole('menuitem', { name: 'Start radio' }).waitFor();
    await saveScreenshotInBothThemes(page, `start-radio-menu-${name}`);
    await context.close();
  });
});
