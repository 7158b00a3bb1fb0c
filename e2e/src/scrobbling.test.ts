import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startListenBrainzStandin,
  type ListenBrainzStandin,
} from '../../server/src/test/listenbrainz-standin.js';
import { sendWithXsrf, startAppProcess, type AppProcess } from './app-process.js';
import { DESKTOP, launchBrowser, saveScreenshot } from './browser.js';
import { playerBar, shownTitle } from './player-bar.js';

/*
 * A listener connects ListenBrainz in account settings with the token ListenBrainz gave them,
 * plays a song, and a local server speaking ListenBrainz's API receives "playing now" and the
 * listen.
 */

const ARTIST = 'Neon Harbor';
const TOKEN = '5a1c0f3e-8e3b-4f5e-9d2a-6a0e2b7c1d44';

let browser: Browser;
let app: AppProcess;
let listenBrainz: ListenBrainzStandin;

beforeAll(async () => {
  listenBrainz = await startListenBrainzStandin();
  listenBrainz.addToken(TOKEN, 'night-owl');
  app = await startAppProcess(
    { LISTENBRAINZ_API_URL: listenBrainz.url, LOG_LEVEL: 'fatal' },
    // The first start renders the demo catalogue, which takes a while on a busy machine.
    { startupSeconds: 240 },
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await listenBrainz?.close();
});

/** A new listener, signed in through the API in the page's own context. */
async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: app.url });
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: app.url }]);
  const stamp = `${Date.now()}`;
  await context.request.get('/api/v1/bootstrap-data');
  await sendWithXsrf(context.request, '/auth/register', {
    email: `scrobbler-${stamp}@example.com`,
    username: `scrobbler${stamp}`,
    password: 'listen-closely-1',
    password_confirmation: 'listen-closely-1',
  });
  return context.newPage();
}

describe('scrobbling', () => {
  it('a listener connects ListenBrainz with a token, plays a song, and ListenBrainz gets the listen', async () => {
    const page = await signedInPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/account-settings');
    const panel = page.getByRole('region', { name: 'Scrobbling' });
    await panel.getByText('Not connected').first().waitFor();

    // A token ListenBrainz does not know is refused on the field.
    const field = panel.getByLabel('ListenBrainz user token');
    await field.fill('not-a-real-token');
    await panel.getByRole('button', { name: 'Connect', exact: true }).click();
    await panel.getByText('ListenBrainz does not know this token.').waitFor();

    await field.fill(TOKEN);
    await panel.getByRole('button', { name: 'Connect', exact: true }).click();
    await panel.getByText('Connected as night-owl').waitFor();
    await saveScreenshot(panel, 'account-scrobbling');

    // Play the artist's most popular song from the header search.
    const search = page.getByRole('search').getByRole('combobox', { name: 'Search' });
    await search.fill(ARTIST);
    await page
      .getByRole('listbox', { name: 'Search suggestions' })
      .getByRole('group', { name: 'Artists' })
      .getByRole('option')
      .filter({ hasText: ARTIST })
      .first()
      .click();
    const popular = page.getByRole('table', { name: 'Popular tracks' });
    const play = popular.getByRole('button', { name: /^Play / }).first();
    const title = ((await play.getAttribute('aria-label')) ?? '').replace(/^Play /, '');
    await play.click();
    await expect.poll(() => shownTitle(page)).toBe(title);

    const heard = (type: 'playing_now' | 'single') =>
      listenBrainz.received.filter(
        (listen) => listen.user === 'night-owl' && listen.listenType === type,
      );
    await expect.poll(() => heard('playing_now').length, { timeout: 15_000 }).toBe(1);
    expect(heard('playing_now')[0]).toMatchObject({ artist: ARTIST, track: title });

    // Skip to the end: a song played to its end counts, and is sent as a listen.
    const seek = playerBar(page).getByRole('slider', { name: 'Seek' });
    await seek.focus();
    await seek.press('End');
    await expect.poll(() => heard('single').length, { timeout: 20_000 }).toBe(1);
    expect(heard('single')[0]).toMatchObject({ artist: ARTIST, track: title });
    expect(heard('single')[0]!.listenedAt).toBeGreaterThan(Date.now() / 1000 - 120);
    expect(errors).toEqual([]);
  });
});
