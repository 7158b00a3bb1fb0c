import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the journeys read off the player bar. */
export const playerBar = (page: Page) => page.getByRole('region', { name: 'Player' });

// The bar draws a desktop and a phone layout; only the one for the viewport is visible.
export const trackTitle = (page: Page) =>
  page.getByTestId('player-track-title').filter({ visible: true }).first();

export const shownTitle = async (page: Page) =>
  (await trackTitle(page).textContent())?.trim() ?? '';

/** Seconds shown as elapsed time in the player bar (or the full-screen player). */
export async function elapsedSeconds(bar: Locator): Promise<number> {
  const text = (await bar.getByTestId('player-elapsed').first().textContent()) ?? '0:00';
  return text
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}

/** The audio really decodes: the elapsed time moves past `atLeastSeconds`. */
export async function waitForElapsed(bar: Locator, atLeastSeconds: number) {
  await expect
    .poll(() => elapsedSeconds(bar), { timeout: 30_000, interval: 250 })
    .toBeGreaterThanOrEqual(atLeastSeconds);
}
