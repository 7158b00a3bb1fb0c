import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, SCREENSHOTS, saveScreenshot, useBrowser } from './browser.js';

/*
 * Loudness as a listener meets it: the demo catalogue measured in the background from the first
 * start, and "Normalise volume" in account settings, kept by this browser's player.
 */

const { newContext } = useBrowser();

async function listener(device: BrowserContextOptions, theme: 'light' | 'dark') {
  const context = await newContext({ ...device, colorScheme: theme });
  await context.addInitScript((choice) => localStorage.setItem('be-active-theme', choice), theme);
  const page = await context.newPage();
  await page.goto('/');
  const token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const name = `loud${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await context.request.post('/auth/register', {
    data: {
      email: `${name}@example.com`,
      username: name,
      password: 'listen-closely-1',
      password_confirmation: 'listen-closely-1',
    },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page };
}

async function openPlayback(page: Page) {
  await page.goto('/account-settings');
  const panel = page.locator('#playback');
  await panel.getByRole('combobox', { name: 'Normalise volume' }).waitFor();
  return panel;
}

describe('loudness', () => {
  it('measures the demo catalogue by itself: its tracks carry their ReplayGain', async () => {
    const { context } = await listener(DESKTOP, 'dark');
    // The backlog is measured by id: the demo's first track comes first.
    const id = 1;
    let gain: { track_gain: number; track_peak: number } | null = null;
    for (let attempt = 0; attempt < 60 && !gain; attempt++) {
      const response = await context.request.get(`/api/v1/tracks/${id}`);
      gain = ((await response.json()) as { track: { replay_gain: typeof gain } }).track.replay_gain;
      if (!gain) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(gain, 'the first demo track measured within 30 s').not.toBeNull();
    // Synthesised songs are mastered loud: turned down, and never above full scale.
    expect(gain!.track_gain).toBeLessThan(6);
    expect(gain!.track_peak).toBeGreaterThan(0);
    expect(gain!.track_peak).toBeLessThanOrEqual(1.5);
  });

  it('keeps Normalise volume and its pre-amp in this browser across visits', async () => {
    const { page } = await listener(DESKTOP, 'light');
    let panel = await openPlayback(page);
    const preamp = panel.getByRole('slider', { name: 'Pre-amp' });
    expect(await preamp.isDisabled()).toBe(true);
    await panel.getByRole('combobox', { name: 'Normalise volume' }).click();
    await page.getByRole('option', { name: 'Album: as the album was mastered' }).click();
    expect(await preamp.isDisabled()).toBe(false);
    await preamp.fill('4');
    await panel.getByText('+4.0 dB').waitFor();

    await page.reload();
    panel = await openPlayback(page);
    await panel.getByText('Album: as the album was mastered').waitFor();
    await panel.getByText('+4.0 dB').waitFor();
    const saved = await page.evaluate(() => localStorage.getItem('cadenza.player'));
    expect(JSON.parse(saved!)).toMatchObject({ normalisation: { mode: 'album', preampDb: 4 } });
  });
});

// The panel in each look, for docs/screenshots (`npm run screenshots`) only.
const describeScreenshots = SCREENSHOTS ? describe : () => {};

describeScreenshots('Playback panel screenshots', () => {
  it.each([
    ['desktop', DESKTOP, 'light'],
    ['desktop', DESKTOP, 'dark'],
    ['mobile', MOBILE, 'light'],
    ['mobile', MOBILE, 'dark'],
  ] as const)('shows the Playback panel on %s, %s', async (device, options, theme) => {
    const { page } = await listener(options, theme);
    const panel = await openPlayback(page);
    await panel.getByRole('combobox', { name: 'Normalise volume' }).click();
    await page.getByRole('option', { name: 'Track: every song at the same loudness' }).click();
    await saveScreenshot(panel, `account-playback-${device}-${theme}`);
    expect(await panel.getByRole('slider', { name: 'Pre-amp' }).isDisabled()).toBe(false);
  });
});
