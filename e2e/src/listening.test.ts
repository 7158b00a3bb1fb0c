import {
  request as apiRequest,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendWithXsrf } from './app-process.js';
import { elapsedSeconds, playerBar, shownTitle, waitForElapsed } from './player-bar.js';
import { DESKTOP, openApp, MOBILE, baseURL, useBrowser } from './browser.js';

/*
 * The listener's whole journey, as one visitor lives it: a guest finds an artist from the
 * header search, listens and skips, then logs in, likes the song that plays, puts it in a new
 * playlist and finds that playlist in the library.
 */

// An artist of the demo catalogue the app ships with.
const ARTIST = 'Neon Harbor';
const PASSWORD = 'listen-closely-1';

const browser = useBrowser();

async function newContext(device: typeof DESKTOP | typeof MOBILE): Promise<BrowserContext> {
  const context = await browser.newContext(device);
  return context;
}

/** An account made through the API, in its own session, so the browser stays a guest. */
async function registerListener(name: string): Promise<string> {
  const api = await apiRequest.newContext({ baseURL: baseURL() });
  try {
    await api.get('/api/v1/bootstrap-data');
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `${name}-${stamp}@example.com`;
    await sendWithXsrf(api, '/auth/register', {
      email,
      username: `${name}${stamp}`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    return email;
  } finally {
    await api.dispose();
  }
}

/** Names of the tracks a table lists, read from their 'Play …' buttons. */
async function trackNames(table: Locator): Promise<string[]> {
  const labels = await table
    .getByRole('button', { name: /^(Play|Pause) / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^(Play|Pause) /, ''));
}

/** Types into the top bar's search and opens the artist from the suggestions. */
async function openArtistFromHeaderSearch(page: Page, name: string) {
  const search = page.getByRole('search').getByRole('combobox', { name: 'Search' });
  await search.fill(name);
  const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
  await suggestions
    .getByRole('group', { name: 'Artists' })
    .getByRole('option')
    .filter({ hasText: name })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname.startsWith('/artist/'));
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('the listening journey', () => {
  it('a guest searches, listens and skips, then logs in, likes, makes a playlist and finds it in the library', async () => {
    const email = await registerListener('listener');
    const context = await newContext(DESKTOP);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    // The artist is in the catalogue the app serves.
    const found = await page.request.get(`/api/v1/search?query=${encodeURIComponent(ARTIST)}`);
    expect(found.status()).toBe(200);
    const { results } = (await found.json()) as {
      results: { artists?: { data: { name: string }[] } };
    };
    expect(results.artists?.data.map((artist) => artist.name)).toContain(ARTIST);

    // A guest opens the app and answers the cookie notice.
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.getByRole('button', { name: 'OK' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Start listening' }).first().click();
    await page.waitForURL((url) => url.pathname === '/discover');

    // Search from the header, open the artist.
    await openArtistFromHeaderSearch(page, ARTIST);
    const popular = page.getByRole('table', { name: 'Popular tracks' });
    await popular.waitFor();
    const names = await trackNames(popular);
    expect(names.length).toBeGreaterThanOrEqual(2);

    // Play the first popular track: the bar shows it and the elapsed time moves.
    await popular.getByRole('button', { name: `Play ${names[0]}`, exact: true }).click();
    const bar = playerBar(page);
    await expect.poll(() => shownTitle(page)).toBe(names[0]);
    await waitForElapsed(bar, 2);
    await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor();

    // Skip: the next popular track plays.
    await bar.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => shownTitle(page)).toBe(names[1]);
    await waitForElapsed(bar, 1);
    const liked = names[1]!;
    // Paused while signing in, so the short demo song cannot end before it is liked.
    await bar.getByRole('button', { name: 'Pause', exact: true }).click();
    await bar.getByRole('button', { name: 'Play', exact: true }).waitFor();
    const pausedAt = await elapsedSeconds(bar);

    // Log in through the login page with the account made earlier.
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // Required fields carry an asterisk after their label.
    await page.getByLabel(/^Email\*?$/).fill(email);
    await page.getByLabel(/^Password\*?$/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Members land in the player.
    await page.waitForURL((url) => url.pathname === '/discover');

    // The bar still holds the paused song, where it stopped, and Play resumes it from there.
    await expect.poll(() => shownTitle(page)).toBe(liked);
    await expect.poll(() => elapsedSeconds(bar)).toBe(pausedAt);
    await bar.getByRole('button', { name: 'Play', exact: true }).click();
    await bar.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await waitForElapsed(bar, pausedAt + 1);

    // Like it from the player bar.
    await bar.getByRole('button', { name: 'Save to Liked songs' }).click();
    const unlike = bar.getByRole('button', { name: 'Remove from Liked songs' });
    await unlike.waitFor();
    expect(await unlike.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('status').getByText('Added to Liked songs').waitFor();

    // Put it in a new playlist from its row menu on the artist page.
    await bar.getByRole('link', { name: ARTIST }).first().click();
    await page.getByRole('heading', { level: 1, name: ARTIST }).waitFor();
    await popular.getByRole('button', { name: `More options for ${liked}` }).click();
    await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
    const picker = page.getByRole('dialog', { name: 'Add to playlist' });
    await picker.getByRole('button', { name: 'New playlist' }).click();
    const form = page.getByRole('dialog', { name: 'Create playlist' });
    const playlistName = `Night drive ${Date.now()}`;
    await form.getByRole('textbox', { name: 'Name' }).fill(playlistName);
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('status').getByText(`Added to ${playlistName}`).waitFor();
    await form.waitFor({ state: 'detached' });
    await picker.waitFor({ state: 'detached' });

    // The library lists the liked song, and the playlist under its Playlists tab.
    await page
      .getByRole('navigation', { name: 'Browse' })
      .getByRole('link', { name: 'Library' })
      .click();
    await page.waitForURL((url) => url.pathname === '/library');
    await page.getByRole('heading', { level: 1, name: 'Your library' }).waitFor();
    const likedSongs = page.getByRole('table', { name: 'Liked songs' });
    await likedSongs.getByRole('link', { name: liked, exact: true }).waitFor();

    await page
      .getByRole('navigation', { name: 'Library sections' })
      .getByRole('link', { name: 'Playlists' })
      .click();
    await page.waitForURL((url) => url.pathname === '/library/playlists');
    await page.locator('#player-content').getByRole('link', { name: playlistName }).first().click();

    // The playlist's page lists the song.
    await page.waitForURL((url) => url.pathname.startsWith('/playlist/'));
    await page.getByRole('heading', { level: 1, name: playlistName }).waitFor();
    const playlistTable = page.getByRole('table', { name: playlistName });
    await playlistTable.getByRole('link', { name: liked, exact: true }).waitFor();
    expect(await trackNames(playlistTable)).toEqual([liked]);

    expect(pageErrors).toEqual([]);
  });

  it('a guest on a phone finds an artist from the header search and hears it play', async () => {
    const context = await newContext(MOBILE);
    // The cookie notice was answered on an earlier visit.
    await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: baseURL() }]);
    const page = await context.newPage();
    await openApp(page, '/discover');

    await openArtistFromHeaderSearch(page, ARTIST);
    const popular = page.getByRole('table', { name: 'Popular tracks' });
    await popular.waitFor();
    const [first] = await trackNames(popular);
    await popular.getByRole('button', { name: `Play ${first}`, exact: true }).click();

    await expect.poll(() => shownTitle(page)).toBe(first);
    await page.getByRole('button', { name: `Open the player for ${first}` }).click();
    const fullscreen = page.getByRole('dialog', { name: 'Now playing' });
    await fullscreen.waitFor();
    await waitForElapsed(fullscreen, 2);
  });
});
