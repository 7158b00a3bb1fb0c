import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { logIn, sendWithXsrf } from './app-process.js';
import { DESKTOP, openApp, saveScreenshot, useBrowser } from './browser.js';
import { playerBar } from './player-bar.js';

/*
 * What a newcomer meets on the music side: the artists they follow are in their library, a link
 * to something that does not exist says so inside the player, the lyrics follow the music into
 * the player bar and the full-screen player, and a download they may not make says why.
 */

const browser = useBrowser();
const PASSWORD = 'a quiet listening room';

async function context(): Promise<BrowserContext> {
  const created = await browser.newContext({ ...DESKTOP, colorScheme: 'dark' });
  await created.addCookies([
    { name: 'cookie_notice_accepted', value: '1', url: inject('baseURL') },
  ]);
  return created;
}

let sequence = 0;
/** A new listener on the free plan, signed in through registration. */
async function listener(): Promise<BrowserContext> {
  const created = await context();
  sequence++;
  const name = `newcomer${sequence}${Date.now()}`;
  await created.request.get('/');
  await sendWithXsrf(created.request, '/auth/register', {
    email: `${name}@example.com`,
    username: name,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  return created;
}

interface Named {
  id: number;
  name: string;
}

/** Artists of the demo catalogue, those of the most played tracks first, each once. */
async function popularArtists(page: Page): Promise<Named[]> {
  const response = await page.request.get('/api/v1/tracks/top?perPage=30');
  expect(response.status()).toBe(200);
  const tracks = ((await response.json()) as { pagination: { data: { artists: Named[] }[] } })
    .pagination.data;
  const artists = new Map(tracks.flatMap((track) => track.artists).map((a) => [a.id, a]));
  return [...artists.values()];
}

/** Opens Library › Artists and waits for `name` there. */
async function openLibraryArtists(page: Page, name: string) {
  await openApp(page, '/library/artists');
  await page.getByRole('heading', { level: 1, name: 'Your library' }).waitFor();
  const shelf = page.locator('#player-content');
  await shelf.getByRole('link', { name, exact: true }).first().waitFor();
  return shelf;
}

describe('the music a newcomer meets', () => {
  it('lists the artists a listener follows in Library › Artists, whichever button followed them', async () => {
    const listenerContext = await listener();
    const page = await listenerContext.newPage();
    const [first, second] = await popularArtists(page);

    // Follow from the artist page.
    await openApp(page, `/artist/${first!.id}`);
    await page.getByRole('heading', { level: 1, name: first!.name }).waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Following', pressed: true }).waitFor();
    // A like (as a music app's star sends it) is the same mark.
    await sendWithXsrf(page.request, '/api/v1/users/me/liked-items', {
      likeable_type: 'artist',
      likeable_id: second!.id,
    });

    const shelf = await openLibraryArtists(page, first!.name);
    await shelf.getByRole('link', { name: second!.name, exact: true }).first().waitFor();
    await saveScreenshot(page, 'library-artists');

    // The artist page agrees with the library, and unfollowing takes the artist out of it.
    await openApp(page, `/artist/${second!.id}`);
    await page.getByRole('button', { name: 'Following', pressed: true }).click();
    await page.getByRole('button', { name: 'Follow', pressed: false }).waitFor();
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/v1/users/me/followed-artists');
        const body = (await response.json()) as { pagination: { data: Named[] } };
        return body.pagination.data.map((artist) => artist.name);
      })
      .toEqual([first!.name]);
    const after = await openLibraryArtists(page, first!.name);
    expect(await after.getByRole('link', { name: second!.name, exact: true }).count()).toBe(0);
  });

  it('says "Not found" inside the player for a missing artist, album, track or playlist, and keeps the error for a failure', async () => {
    const listenerContext = await listener();
    const page = await listenerContext.newPage();
    for (const path of ['/artist/999999', '/album/999999', '/track/999999', '/playlist/999999']) {
      await openApp(page, path);
      const content = page.locator('#player-content');
      await content.getByRole('heading', { name: 'Not found' }).waitFor();
      expect(await content.getByText('There was an issue loading this page').count()).toBe(0);
      // Inside the player: its bar and navigation stay.
      expect(await playerBar(page).count()).toBe(1);
    }
    await saveScreenshot(page, 'player-not-found');
    await page.getByRole('link', { name: 'Discover music' }).click();
    await page.waitForURL((url) => url.pathname === '/discover');

    // A guest meets the same.
    const guest = await (await context()).newPage();
    await openApp(guest, '/artist/999999');
    await guest.locator('#player-content').getByRole('heading', { name: 'Not found' }).waitFor();

    // A server failure is not "not found": it keeps the error and its retry. The failure is met
    // moving within the app, where the screen asks the API (a page opened afresh comes with its
    // first answers).
    const [artist] = await popularArtists(page);
    const artistCall = new RegExp(`/api/v1/artists/${artist!.id}(\\?|$)`);
    await page.route(artistCall, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Server Error' }),
      }),
    );
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/artist/${artist!.id}`);
    const content = page.locator('#player-content');
    await content.getByText('There was an issue loading this page').waitFor({ timeout: 20_000 });
    expect(await content.getByRole('heading', { name: 'Not found' }).count()).toBe(0);
    await page.unroute(artistCall);
    await content.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: artist!.name }).waitFor();
  });

  it('shows the lyrics of the playing track from the player bar and in the full-screen player', async () => {
    const admin = await context();
    await logIn(admin.request, inject('adminEmail'), inject('adminPassword'));
    // A track of the demo catalogue, 20 s or more: journeys before this one play short tones
    // of their own, which would reach their end (and start again) within the seek below.
    const top = await (await admin.request.get('/api/v1/tracks/top?perPage=50')).json();
    const long = (top.pagination.data as (Named & { duration_ms: number })[]).filter(
      (each) => each.duration_ms >= 20_000,
    );
    const track = long[3]!;
    await sendWithXsrf(
      admin.request,
      `/api/v1/tracks/${track.id}`,
      { lyrics: '[00:00.00]Morning line\n[00:01.50]Middle line\n[00:08.00]Closing line' },
      'PUT',
    );

    const page = await (await listener()).newPage();
    await openApp(page, `/track/${track.id}`);
    await page.getByRole('heading', { level: 1, name: track.name }).waitFor();
    await page
      .locator('#player-content')
      .getByRole('button', { name: 'Play', exact: true })
      .first()
      .click();
    // Away from the track's page, where its lyrics are not shown: to the (empty) library.
    await page
      .getByRole('navigation', { name: 'Browse' })
      .getByRole('link', { name: 'Library' })
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/library'));

    const bar = playerBar(page);
    // The track plays on a loop, so a slow step never lets the queue move on to another track.
    await bar.getByRole('button', { name: 'Enable repeat', exact: true }).click();
    await bar.getByRole('button', { name: 'Enable repeat one' }).click();
    await bar.getByRole('button', { name: 'Disable repeat' }).waitFor();
    await bar.getByRole('button', { name: 'Show lyrics' }).click();
    const panel = page.getByRole('complementary', { name: 'Lyrics' });
    const lines = panel.getByRole('list', { name: 'Lyrics' });
    await lines.getByText('Closing line').waitFor();
    // Synced lyrics light up line by line as the track plays.
    const current = lines.locator('[aria-current="true"]');
    await expect.poll(() => current.textContent(), { timeout: 15_000 }).toBe('Middle line');
    await saveScreenshot(page, 'player-lyrics-panel');
    await bar.getByRole('button', { name: 'Hide lyrics', pressed: true }).click();
    await panel.waitFor({ state: 'detached' });

    await bar.getByRole('button', { name: 'Full screen' }).click();
    const fullScreen = page.getByRole('dialog', { name: 'Now playing' });
    await fullScreen.getByRole('button', { name: 'Show lyrics' }).click();
    const fullLines = fullScreen.getByRole('list', { name: 'Lyrics' });
    await fullLines.getByText('Morning line').waitFor();
    // Seeking ten seconds on moves the lit line with it: paused first, so the line shown is the
    // seek's alone, whatever a busy machine does to playback meanwhile.
    await fullScreen.getByRole('button', { name: 'Pause', exact: true }).click();
    await fullScreen.getByRole('button', { name: 'Play', exact: true }).waitFor();
    await fullScreen.getByRole('slider', { name: 'Seek' }).press('PageUp');
    await expect
      .poll(() => fullLines.locator('[aria-current="true"]').textContent(), { timeout: 15_000 })
      .toBe('Closing line');
    await saveScreenshot(page, 'player-full-screen-lyrics');
    await fullScreen.getByRole('button', { name: 'Exit full screen' }).click();
    await bar.getByRole('button', { name: 'Disable repeat' }).click();
  });

  it('tells a listener on the free plan why a track cannot be downloaded, and offers the plans', async () => {
    const page = await (await listener()).newPage();
    const top = await (await page.request.get('/api/v1/tracks/top?perPage=1')).json();
    const track = top.pagination.data[0] as Named;
    await openApp(page, `/track/${track.id}`);
    await page.getByRole('heading', { level: 1, name: track.name }).waitFor();
    await page
      .getByRole('button', { name: `More options for ${track.name}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Download' }).click();

    await page.getByText('Downloads come with a plan that includes them.').waitFor();
    const plans = page.getByRole('link', { name: 'See plans' });
    expect(await plans.getAttribute('href')).toBe('/pricing');
    // Nothing left the page: no download, no error page.
    expect(new URL(page.url()).pathname).toBe(`/track/${track.id}`);
    await saveScreenshot(page, 'player-download-needs-plan');
    await plans.click();
    await page.waitForURL((url) => url.pathname === '/pricing');
  });
});
