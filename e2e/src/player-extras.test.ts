import path from 'node:path';
import type { APIRequestContext, BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { logIn, sendWithXsrf } from './app-process.js';
import {
  DESKTOP,
  MOBILE,
  SCREENSHOTS,
  baseURL,
  openApp,
  saveScreenshotInBothThemes,
  useBrowser,
} from './browser.js';
import { elapsedSeconds, playerBar, shownTitle } from './player-bar.js';
import { albumId, importFolder, writeTones } from './tone-album.js';

/*
 * What a great player also has: a sleep timer that stops the music, a speed for long tracks, a
 * seek bar drawn as the track's waveform, and playlists their followers fill together.
 */

const browser = useBrowser();
const stamp = Date.now();
const album = `Night Tones ${stamp}`;
let albumPage = '';

/** A 40 s song and a 21 min talk (a low rate keeps the file small), imported and measured. */
beforeAll(async () => {
  const context = await browser.newContext();
  await logIn(context.request, inject('adminEmail'), inject('adminPassword'));
  const folder = path.join(inject('libraryFolder'), `player-extras-${stamp}`);
  writeTones(
    folder,
    8000,
    [
      { title: 'Lullaby', album, track: 1, seconds: 40, frequency: 330 },
      { title: 'Long talk', album, track: 2, seconds: 21 * 60, frequency: 220 },
    ],
    `Sleepy Ensemble ${stamp}`,
    false,
  );
  await importFolder(context.request, folder);
  const id = await albumId(context.request, album);
  albumPage = `/album/${id}`;
  // The waveform comes with the loudness, measured in the background after the import.
  const { album: found } = (await (await context.request.get(`/api/v1/albums/${id}`)).json()) as {
    album: { tracks: { id: number; name: string }[] };
  };
  const lullaby = found.tracks.find((track) => track.name === 'Lullaby')!;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await context.request.get(`/api/v1/tracks/${lullaby.id}`);
    const { track } = (await answer.json()) as { track: { peaks: number[] | null } };
    if (track.peaks?.length === 200) break;
    if (Date.now() > deadline) throw new Error('the waveform was not measured within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await context.close();
}, 60_000);

/** A signed-in browser that answered the cookie notice on an earlier visit. */
async function signedIn(device: BrowserContextOptions) {
  const context = await browser.newContext(device);
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: baseURL() }]);
  return context;
}

async function adminPage(device: BrowserContextOptions = DESKTOP) {
  const context = await signedIn(device);
  await logIn(context.request, inject('adminEmail'), inject('adminPassword'));
  return context.newPage();
}

async function play(page: Page, title: string) {
  await openApp(page, albumPage);
  // A row's play button shows on hover; a phone has none, so its row is played by keyboard.
  const button = page
    .getByRole('table', { name: album })
    .getByRole('button', { name: `Play ${title}` });
  await button.focus();
  await button.press('Enter');
  await expect.poll(() => shownTitle(page)).toBe(title);
}

const audioElement = (page: Page) => page.getByTestId('player-audio');

describe('player extras', () => {
  it('stops the music when a custom sleep timer runs out, with a countdown on the way', async () => {
    const page = await adminPage();
    // The page's clock runs as usual, and can be moved on instead of waited for.
    await page.clock.install();
    await play(page, 'Lullaby');
    const bar = playerBar(page);
    await bar.getByRole('button', { name: 'Pause' }).first().waitFor();

    await bar.getByRole('button', { name: 'Sleep timer' }).click();
    const timer = page.getByRole('dialog', { name: 'Sleep timer' });
    await timer.getByRole('textbox', { name: 'Minutes' }).fill('1');
    await timer.getByRole('button', { name: 'Start' }).click();
    const countdown = bar.getByTestId('sleep-countdown');
    await expect.poll(() => countdown.textContent()).toMatch(/^(1:00|0:59)$/);
    await saveScreenshotInBothThemes(bar, 'player-extras-sleep-timer-desktop');

    await page.clock.fastForward(61_000);
    await bar.getByRole('button', { name: 'Play', exact: true }).first().waitFor();
    expect(await audioElement(page).evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);
    expect(await countdown.count()).toBe(0);
  });

  it('offers a speed on a long track only, and plays it at that speed with its pitch', async () => {
    const page = await adminPage();
    await play(page, 'Long talk');
    const bar = playerBar(page);
    await bar.getByRole('button', { name: 'Playback speed: 1×' }).click();
    await page.getByRole('menuitemcheckbox', { name: '1.5×' }).click();
    await bar.getByRole('button', { name: 'Playback speed: 1.5×' }).waitFor();
    const rate = () =>
      audioElement(page).evaluate((audio: HTMLAudioElement) => [
        audio.playbackRate,
        audio.preservesPitch,
      ]);
    await expect.poll(rate).toEqual([1.5, true]);
    await saveScreenshotInBothThemes(bar, 'player-extras-speed-desktop');

    // A song plays as recorded, and offers no speed.
    await play(page, 'Lullaby');
    expect(await bar.getByRole('button', { name: /^Playback speed/ }).count()).toBe(0);
    await expect.poll(rate).toEqual([1, true]);
    // The speed is remembered for the next long track.
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('cadenza.player')!).playbackRate),
    ).toBe(1.5);
  });

  it('seeks by the waveform, with a click and with the keys', async () => {
    const page = await adminPage();
    await play(page, 'Lullaby');
    const bar = playerBar(page);
    const scrubber = bar.getByRole('slider', { name: 'Seek' });
    await bar.getByTestId('waveform-scrubber').waitFor();
    expect(await scrubber.locator('rect').count()).toBe(200);

    const box = (await scrubber.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => elapsedSeconds(bar)).toBeGreaterThanOrEqual(19);
    expect(Number(await scrubber.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(19);
    expect(await scrubber.getAttribute('aria-valuetext')).toMatch(/^0:(19|2\d) of 0:40$/);

    await scrubber.press('Home');
    await expect.poll(() => elapsedSeconds(bar)).toBeLessThan(3);
    await scrubber.press('PageUp');
    await scrubber.press('ArrowRight');
    await expect.poll(() => elapsedSeconds(bar)).toBeGreaterThanOrEqual(11);
    await saveScreenshotInBothThemes(bar, 'player-extras-waveform-desktop');
  });

  it('lets a follower add a song to a collaborative playlist, and shows who added it', async () => {
    const owner = await listener('owner');
    const follower = await listener('guest');
    const name = `Road trip ${stamp}`;
    const made = await sendWithXsrf(owner.request, '/api/v1/playlists', {
      name,
      public: true,
      collaborative: true,
    });
    const { playlist } = (await made.json()) as { playlist: { id: number } };
    await sendWithXsrf(follower.request, `/api/v1/playlists/${playlist.id}/follow`, {});

    const page = follower.page;
    await openApp(page, albumPage);
    await page.getByRole('button', { name: 'More options for Lullaby' }).click();
    await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
    const choice = dialog.getByRole('button', { name: new RegExp(name) });
    await choice.getByText('Collaborative').waitFor();
    await choice.click();
    await page.getByText(`Added to ${name}`).first().waitFor();

    await openApp(owner.page, `/playlist/${playlist.id}`);
    await owner.page.getByText('Collaborative', { exact: true }).first().waitFor();
    await owner.page.getByRole('table').getByText(`Added by ${follower.name}`).waitFor();
    await saveScreenshotInBothThemes(owner.page, 'player-extras-collaborative-desktop');
    if (SCREENSHOTS) {
      await owner.page.setViewportSize(MOBILE.viewport);
      await saveScreenshotInBothThemes(owner.page, 'player-extras-collaborative-mobile');
    }
  });

  it('puts the timer and the speed in the phone player', async () => {
    const page = await adminPage(MOBILE);
    await play(page, 'Long talk');
    // Beside the title, whose links lead elsewhere.
    await page
      .getByRole('button', { name: 'Open the player for Long talk' })
      .click({ position: { x: 290, y: 8 } });
    const player = page.getByRole('dialog', { name: 'Now playing' });
    await player.getByRole('button', { name: /^Playback speed/ }).waitFor();
    await player.getByRole('button', { name: 'Sleep timer' }).click();
    await page
      .getByRole('dialog', { name: 'Sleep timer' })
      .getByRole('button', { name: '30 min' })
      .click();
    await player.getByTestId('sleep-countdown').waitFor();
    await saveScreenshotInBothThemes(page, 'player-extras-mobile');
  });
});

/** A new listener, signed in, with the name the app shows them by. */
async function listener(
  role: string,
): Promise<{ request: APIRequestContext; page: Page; name: string }> {
  const context = await signedIn(DESKTOP);
  const page = await context.newPage();
  await page.goto('/');
  const name = `${role}${stamp}${Math.floor(Math.random() * 1000)}`;
  await sendWithXsrf(context.request, '/auth/register', {
    email: `${name}@example.com`,
    username: name,
    password: 'listen-closely-1',
    password_confirmation: 'listen-closely-1',
  });
  return { request: context.request, page, name };
}
