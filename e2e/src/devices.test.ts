import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendWithXsrf } from './app-process.js';
import { baseURL, DESKTOP, MOBILE, saveScreenshotInBothThemes, useBrowser } from './browser.js';
import { elapsedSeconds, playerBar, shownTitle, waitForElapsed } from './player-bar.js';

/*
 * Devices, as Spotify Connect has them: one listener with the player open in two browsers. The
 * first plays; the second sees it under Devices, pauses it, turns it down, and moves the music
 * to itself, which goes on from where the first stopped while the first stays paused.
 */

const ARTIST = 'Neon Harbor';
const PASSWORD = 'listen-closely-1';
const { newContext } = useBrowser();

/** A browser signed in as `email` (made here when `register`). */
async function signedIn(email: string, device: typeof DESKTOP | typeof MOBILE, register: boolean) {
  const context = await newContext(device);
  await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: baseURL() }]);
  await context.request.get('/api/v1/bootstrap-data');
  if (register) {
    const name = email.split('@')[0]!;
    await sendWithXsrf(context.request, '/auth/register', {
      email,
      username: name,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
  } else {
    await sendWithXsrf(context.request, '/auth/login', { email, password: PASSWORD });
  }
  return context;
}

const devicesPopover = (page: Page) => page.getByTestId('devices-popover');
const otherDevice = (page: Page) =>
  devicesPopover(page).locator('[data-testid="device-row"][data-device="other"]');

async function openDevices(page: Page) {
  await playerBar(page).getByTestId('devices-button').filter({ visible: true }).click();
  await devicesPopover(page).waitFor();
}

describe('devices', () => {
  it('a second browser sees the first play, pauses it, turns it down and takes the music over', async () => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `connect${stamp}@example.com`;
    const first = await (await signedIn(email, DESKTOP, true)).newPage();
    const second = await (await signedIn(email, DESKTOP, false)).newPage();
    const errors: string[] = [];
    for (const page of [first, second]) page.on('pageerror', (error) => errors.push(error.message));

    // The first browser plays the artist's most popular song.
    const found = (await (
      await first.request.get(`/api/v1/search?query=${encodeURIComponent(ARTIST)}`)
    ).json()) as { results: { artists: { data: { id: number; name: string }[] } } };
    const artist = found.results.artists.data.find((a) => a.name === ARTIST)!;
    await first.goto(`/artist/${artist.id}`);
    const popular = first.getByRole('table', { name: 'Popular tracks' });
    await popular.waitFor();
    const playButton = popular.getByRole('button', { name: /^Play / }).first();
    const title = ((await playButton.getAttribute('aria-label')) ?? '').replace(/^Play /, '');
    await playButton.click();
    await expect.poll(() => shownTitle(first)).toBe(title);
    await waitForElapsed(playerBar(first), 1);

    // The second sees it playing there: the strip and the list under Devices.
    await second.goto('/discover');
    const strip = second.getByTestId('listening-on');
    await expect.poll(() => strip.textContent(), { timeout: 10_000 }).toContain('Listening on');
    expect(await strip.textContent()).toContain(title);
    await openDevices(second);
    const row = otherDevice(second);
    await expect
      .poll(() => row.getByTestId('device-now-playing').textContent())
      .toContain(`Playing · ${title}`);
    expect(await devicesPopover(second).getByText('This device', { exact: true }).isVisible()).toBe(
      true,
    );
    await saveScreenshotInBothThemes(devicesPopover(second), 'devices-popover-desktop');

    // Pause it from here: the first browser stops.
    await row.getByRole('button', { name: /^Pause on / }).click();
    await playerBar(first).getByRole('button', { name: 'Play', exact: true }).waitFor();
    await expect
      .poll(() => row.getByTestId('device-now-playing').textContent())
      .toContain(`Paused · ${title}`);
    const pausedAt = await elapsedSeconds(playerBar(first));

    // Turn it down to 30 %: the first browser's volume follows.
    const volume = row.getByRole('slider', { name: /^Volume on / });
    await volume.focus();
    await volume.press('End');
    for (let i = 0; i < 7; i++) await volume.press('PageDown');
    await expect
      .poll(() =>
        playerBar(first)
          .getByRole('slider', { name: 'Volume' })
          .filter({ visible: true })
          .getAttribute('aria-valuetext'),
      )
      .toBe('30%');

    // Move the music here: this browser plays on from about the same place; the first stays paused.
    await devicesPopover(second)
      .getByRole('button', { name: 'Play on this device', exact: true })
      .click();
    await expect.poll(() => shownTitle(second)).toBe(title);
    await playerBar(second).getByRole('button', { name: 'Pause', exact: true }).waitFor();
    const resumedAt = await elapsedSeconds(playerBar(second));
    expect(resumedAt).toBeGreaterThanOrEqual(pausedAt);
    expect(resumedAt).toBeLessThanOrEqual(pausedAt + 3);
    await waitForElapsed(playerBar(second), resumedAt + 1);
    expect(
      await playerBar(first).getByRole('button', { name: 'Play', exact: true }).isVisible(),
    ).toBe(true);
    // The first now shows where the music is.
    await expect
      .poll(() => first.getByTestId('listening-on').textContent(), { timeout: 10_000 })
      .toContain('Listening on');

    expect(errors).toEqual([]);
  });

  it('on a phone, shows where the music plays and opens the list from that strip', async () => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `pocket${stamp}@example.com`;
    const laptop = await signedIn(email, DESKTOP, true);
    // A player elsewhere, as its reports describe it: the artist's first track, playing.
    const found = (await (
      await laptop.request.get(`/api/v1/search?query=${encodeURIComponent(ARTIST)}`)
    ).json()) as { results: { tracks: { data: { id: number; name: string }[] } } };
    const track = found.results.tracks.data[0]!;
    const reported = await sendWithXsrf(
      laptop.request,
      '/api/v1/me/devices/web-laptop-elsewhere',
      { track_ids: [track.id], index: 0, is_playing: true, position_ms: 4000, volume: 0.8 },
      'PUT',
    );
    expect(reported.status()).toBe(204);

    const phone = await (await signedIn(email, MOBILE, false)).newPage();
    await phone.goto('/discover');
    const strip = phone.getByTestId('listening-on');
    await strip.getByRole('button', { name: 'Play here' }).waitFor();
    expect(await strip.textContent()).toContain(track.name);
    await strip.getByTestId('devices-button').click();
    const popover = devicesPopover(phone);
    await popover.waitFor();
    expect(await popover.locator('[data-testid="device-row"]').count()).toBe(2);
    // The list fits the phone's width.
    const box = (await popover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await saveScreenshotInBothThemes(phone, 'devices-popover-mobile');
  });
});
