import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../server/src/test/smtp.js';
import { toneFile } from '../../server/src/test/tones.js';
import { logIn, sendWithXsrf, startAppProcess, type AppProcess } from './app-process.js';
import { DESKTOP, openApp, launchBrowser, MOBILE, saveScreenshot } from './browser.js';
import { playerBar, shownTitle, waitForElapsed } from './player-bar.js';

/*
 * The backstage, against an app of this file's own that mails through a real SMTP server: a
 * listener asks to become an artist, an admin approves it, the profile is theirs; they release
 * an album made of real audio, it plays in the player, and its plays show in the insights.
 */

const ADMIN = { email: 'admin@example.com', password: 'backstage-admin-password' };
const ARTIST = { email: 'lua.verde@example.com', username: 'luaverde', password: 'lua-verde-2026' };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: AppProcess;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startAppProcess({
    MAIL_URL: smtp.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'fatal',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

async function signedIn(
  person: { email: string; password: string },
  device = DESKTOP,
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...device, baseURL: app.url, colorScheme: 'dark' });
  await context.addInitScript(() => localStorage.setItem('be-active-theme', 'dark'));
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: app.url }]);
  await logIn(context.request, person.email, person.password);
  return context;
}

async function expectToast(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

describe('the backstage', () => {
  it('turns a listener into an artist: asked, reviewed by an admin, approved, told', async () => {
    const signUp = await browser.newContext({ baseURL: app.url });
    await signUp.request.get('/');
    await sendWithXsrf(signUp.request, '/auth/register', {
      ...ARTIST,
      password_confirmation: ARTIST.password,
    });
    await signUp.close();

    const artist = await signedIn(ARTIST);
    const page = await artist.newPage();
    // Backstage is found from the user menu: to ask for a profile, while the listener has none.
    await page.goto('/discover');
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Request backstage access' }).click();
    await page.waitForURL((url) => url.pathname === '/backstage');
    await page.getByText('You do not manage an artist yet. Ask for a profile below.').waitFor();
    await page.getByRole('link', { name: /Become an artist/ }).click();
    await page.getByRole('heading', { name: 'New request', level: 1 }).waitFor();

    await page.getByRole('textbox', { name: /^Artist name/ }).fill('Lua Verde');
    await page.getByRole('textbox', { name: 'Title' }).fill('Website');
    await page.getByRole('textbox', { name: 'Address' }).fill('https://luaverde.example');
    await page
      .getByRole('textbox', { name: /How can we check it is you/ })
      .fill('My website lists this e-mail address on its contact page.');
    const picture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-artist-')), 'me.png');
    // A real PNG, drawn by the browser itself: the corner of the page.
    fs.writeFileSync(
      picture,
      await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 240 } }),
    );
    await page.getByLabel('Upload Artist picture (optional)').setInputFiles(picture);
    await page.locator('img[src^="blob:"]').waitFor();
    await saveScreenshot(page, 'backstage-request');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expectToast(page, 'Request sent. We will let you know.');
    const requests = page.getByRole('list', { name: 'Your requests' });
    await requests.getByText('Waiting for review').waitFor();

    // The admin hears of it by e-mail and in the app, and reviews it.
    await smtp.waitFor(ADMIN.email, /Lua Verde/);
    const admin = await signedIn(ADMIN);
    const review = await admin.newPage();
    await review.goto('/admin/backstage-requests');
    const waiting = review.getByRole('link', { name: 'Lua Verde' });
    await waiting.waitFor();
    await saveScreenshot(review, 'admin-artist-requests');
    await waiting.click();
    await review.getByText('My website lists this e-mail address on its contact page.').waitFor();
    await review.getByRole('img', { name: 'Picture sent with the request' }).waitFor();
    await saveScreenshot(review, 'admin-artist-request');
    await review.getByRole('button', { name: 'Approve' }).click();
    await expectToast(review, 'Request approved');
    await review.getByText('Approved', { exact: true }).waitFor();

    // The new artist is told, and the profile is theirs.
    await smtp.waitFor(ARTIST.email, /Lua Verde/);
    await page.reload();
    const yours = page.getByRole('list', { name: 'Your artists' });
    await yours.getByRole('link', { name: 'Lua Verde' }).waitFor();
    await requests.getByText('Approved').waitFor();
    await saveScreenshot(page, 'backstage-home');
    const mobile = await signedIn(ARTIST, MOBILE);
    const small = await mobile.newPage();
    await small.goto('/backstage');
    await small.getByRole('list', { name: 'Your artists' }).getByText('Lua Verde').waitFor();
    await saveScreenshot(small, 'backstage-home-mobile');
    // Now the user menu offers to manage it.
    await small.goto('/discover');
    await small.getByRole('button', { name: /^Account menu of/ }).click();
    await small.getByRole('menuitem', { name: 'Backstage', exact: true }).click();
    await small.waitForURL((url) => url.pathname === '/backstage');

    // The artist fills in the profile, and the public page shows it.
    await yours.getByRole('link', { name: 'Lua Verde' }).click();
    await page.getByRole('heading', { name: 'Lua Verde', level: 1 }).waitFor();
    const bio = page.getByRole('textbox', { name: 'Biography' });
    await bio.click();
    await page.keyboard.type('Songs from the coast, ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('sung in two languages');
    await page.getByRole('textbox', { name: /^Location/ }).fill('Recife, Brazil');
    await page.getByRole('textbox', { name: /^Genres/ }).fill('Folk, Bossa Nova');
    await page.getByLabel('Upload Header image').setInputFiles(picture);
    await expectToast(page, 'Picture saved');
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('Recife, Brazil').waitFor();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectToast(page, 'Profile saved');
    await saveScreenshot(page, 'backstage-artist-profile');

    const visitor = await page.context().newPage();
    await openApp(visitor, `/artist/${/\/backstage\/artists\/(\d+)/.exec(page.url())![1]}`);
    await visitor.getByRole('heading', { name: 'Lua Verde', level: 1 }).waitFor();
    const about = visitor.getByRole('region', { name: 'About' });
    await about.getByText('Recife, Brazil').waitFor();
    expect(await about.locator('strong').textContent()).toBe('sung in two languages');
    expect(await about.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe(
      'https://luaverde.example',
    );
    await visitor.locator('header img[src*="-header.webp"]').waitFor();

    // A three-track album from audio files made here, put in order, published and played.
    const artistId = /\/backstage\/artists\/(\d+)/.exec(page.url())![1];
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-album-'));
    const files = ['Maré', 'Onda', 'Areia'].map((title, index) => {
      const file = path.join(folder, `${index + 1}.mp3`);
      fs.writeFileSync(
        file,
        toneFile('mp3', {
          seconds: 3,
          frequency: 330 + index * 110,
          tags: { title, track: String(index + 1) },
        }),
      );
      return file;
    });
    await page.getByRole('link', { name: 'Releases', exact: true }).click();
    await page.getByText('No releases yet').waitFor();
    await page.getByRole('button', { name: 'New release' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Title' }).fill('Maré Cheia');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Maré Cheia', level: 1 }).waitFor();
    await page.getByTestId('audio-files').setInputFiles(files);
    const tracks = page.getByRole('list', { name: 'Tracks' });
    const titles = () =>
      tracks
        .getByRole('textbox', { name: /Title of track/ })
        .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
    await expect.poll(titles, { timeout: 30_000 }).toEqual(['Maré', 'Onda', 'Areia']);
    // The cover came from nowhere yet; the waveform shows once a job has measured the audio.
    await tracks.getByRole('img', { name: 'Waveform' }).first().waitFor();
    await tracks.getByRole('button', { name: 'Move Areia up' }).click();
    await tracks.getByRole('button', { name: 'Move Areia up' }).click();
    expect(await titles()).toEqual(['Areia', 'Maré', 'Onda']);
    await page.getByRole('button', { name: 'Save release' }).click();
    await expectToast(page, 'Release saved');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expectToast(page, 'Release published');
    await page.getByText('Listeners can find and play this release.').waitFor();
    await saveScreenshot(page, 'backstage-release-editor');
    const albumId = /\/backstage\/releases\/(\d+)/.exec(page.url())![1];
    await page.getByRole('link', { name: 'Lua Verde', exact: true }).click();
    await page
      .getByRole('link', { name: /Maré Cheia/ })
      .getByText('Published')
      .waitFor();
    await saveScreenshot(page, 'backstage-releases');

    await openApp(visitor, `/album/${albumId}`);
    await visitor.getByRole('heading', { name: 'Maré Cheia', level: 1 }).waitFor();
    const rows = visitor.locator('#player-content').getByRole('row');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([
        expect.anything(),
        expect.stringContaining('Areia'),
        expect.stringContaining('Maré'),
        expect.stringContaining('Onda'),
      ]);
    await visitor
      .locator('#player-content')
      .getByRole('button', { name: 'Play', exact: true })
      .first()
      .click();
    const bar = playerBar(visitor);
    // The audio decodes: time moves, and each track played to its end counts as a play.
    await waitForElapsed(bar, 1);
    await expect.poll(() => shownTitle(visitor), { timeout: 30_000 }).toBe('Onda');

    await page.goto(`/backstage/artists/${artistId}/insights`);
    const plays = page.locator('dt', { hasText: /^Plays$/ }).locator('xpath=following-sibling::dd');
    await expect
      .poll(
        async () => {
          await page.reload();
          return plays.textContent({ timeout: 10_000 });
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('2');
    const top = page.getByRole('region', { name: 'Top tracks' });
    await top.getByText('Areia').waitFor();
    await top.getByText('Maré').waitFor();
    await saveScreenshot(page, 'backstage-insights');
    await Promise.all([artist.close(), admin.close(), mobile.close()]);
  }, 120_000);
});
