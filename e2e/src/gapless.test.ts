import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { logIn } from './app-process.js';
import { installAudioTap } from './audio-tap.js';
import { DESKTOP, openApp, useBrowser } from './browser.js';
import { playerBar, shownTitle } from './player-bar.js';
import { albumId, importFolder, writeTones } from './tone-album.js';

/*
 * Gapless playback and crossfade, heard where the listener hears them: every sample the player
 * sends to the speakers is recorded with its time on the audio clock, and every source it
 * starts is noted, so a gap, a click or a dip in loudness shows in numbers.
 */

const browser = useBrowser();

/** Waits until the player has started this many sources (the deck took over, the next queued). */
async function waitForStarts(page: Page, count: number) {
  await page.waitForFunction((n) => window.audioTap.starts.length >= n, count, {
    timeout: 15_000,
  });
}

describe('gapless playback and crossfade', () => {
  it('joins the tracks of one recording without a gap after a seek near the end, and crossfades other tracks at a level loudness', async () => {
    // The recorder's module is loaded from a blob, which the app's policy rightly refuses.
    const context = await browser.newContext({ ...DESKTOP, bypassCSP: true });
    await context.addInitScript(installAudioTap);
    await logIn(context.request, inject('adminEmail'), inject('adminPassword'));
    const page = await context.newPage();
    // The tones are cut at the rate the browser plays, so nothing is resampled at the join.
    await page.goto('about:blank');
    const rate = await page.evaluate(() => new AudioContext().sampleRate);

    const stamp = Date.now();
    const artist = `Tone Ensemble ${stamp}`;
    const suite = `Continuous Suite ${stamp}`;
    const mixed = `Mixed Bag ${stamp}`;
    const folder = path.join(inject('libraryFolder'), `gapless-${stamp}`);
    writeTones(
      path.join(folder, 'suite'),
      rate,
      [
        { title: 'Movement one', album: suite, track: 1, seconds: 12, frequency: 440 },
        { title: 'Movement two', album: suite, track: 2, seconds: 3, frequency: 440 },
      ],
      artist,
      true,
    );
    // Songs of one album, but not one after the other (1 and 3): these crossfade.
    writeTones(
      path.join(folder, 'mixed'),
      rate,
      [
        { title: 'Low song', album: mixed, track: 1, seconds: 4, frequency: 440 },
        { title: 'High song', album: mixed, track: 3, seconds: 4, frequency: 660 },
      ],
      artist,
      false,
    );
    await importFolder(context.request, folder);

    // The listener plays the suite's first movement from the album page.
    await openApp(page, `/album/${await albumId(context.request, suite)}`);
    const bar = playerBar(page);
    await page
      .getByRole('table', { name: suite })
      .getByRole('button', { name: 'Play Movement one' })
      .click();
    await expect.poll(() => shownTitle(page)).toBe('Movement one');
    // Decoded, the deck plays the first movement and has queued the second behind it.
    await waitForStarts(page, 2);

    // A seek near the end: the second movement's start moves with it.
    await page.evaluate(() => (window.audioTap.recording = true));
    const seek = bar.getByRole('slider', { name: 'Seek' });
    await seek.focus();
    for (let step = 0; step < 8; step++) await seek.press('ArrowRight');
    await expect.poll(() => shownTitle(page), { timeout: 10_000 }).toBe('Movement two');
    await page.waitForTimeout(600);
    const join = await page.evaluate(() => {
      const starts = window.audioTap.starts;
      const first = starts.at(-2)!;
      const second = starts.at(-1)!;
      const firstEnds = first.when - first.offset + first.seconds;
      const at = second.when;
      const tap = window.audioTap;
      const samples = tap.between(at - 0.3, at + 0.3);
      const peak = samples.reduce((max, sample) => Math.max(max, Math.abs(sample)), 0);
      return {
        seekedTo: first.offset,
        scheduledGap: at - firstEnds,
        recorded: samples.length,
        longestQuietMs: tap.longestQuietMs(at - 0.3, at + 0.3),
        largestStep: tap.largestStep(at - 0.3, at + 0.3),
        // The largest step between two samples of the tone itself.
        toneStep: peak * 2 * Math.sin((Math.PI * 440) / window.audioTap.rate),
        rate: window.audioTap.rate,
      };
    }, undefined);
    expect(join.seekedTo).toBeGreaterThanOrEqual(8);
    // The second movement's first sample is scheduled where the first's last one ends.
    expect(Math.abs(join.scheduledGap)).toBeLessThan(1 / join.rate);
    // And the speakers heard it so: no silence, no click at the join.
    expect(join.recorded).toBeGreaterThan(join.rate * 0.5);
    expect(join.longestQuietMs).toBeLessThan(0.5);
    expect(join.largestStep).toBeLessThan(join.toneStep * 1.2);

    // Crossfade of two seconds, set in the queue panel; then two singles of other albums.
    await bar.getByRole('button', { name: 'Show queue' }).click();
    const crossfade = page.getByRole('slider', { name: 'Crossfade' });
    await crossfade.focus();
    await crossfade.press('ArrowRight');
    await crossfade.press('ArrowRight');
    await expect.poll(() => page.getByTestId('crossfade-value').textContent()).toBe('2 s');
    // The setting is kept with the other player preferences, into the next visit.
    await openApp(page, `/album/${await albumId(context.request, mixed)}`);
    await page.evaluate(() => (window.audioTap.recording = true));
    await page
      .getByRole('table', { name: mixed })
      .getByRole('button', { name: 'Play Low song' })
      .click();
    await expect.poll(() => shownTitle(page), { timeout: 15_000 }).toBe('High song');
    await page.waitForTimeout(2800);
    const fade = await page.evaluate(() => {
      const starts = window.audioTap.starts;
      const low = starts.at(-2)!;
      const high = starts.at(-1)!;
      const lowEnds = low.when - low.offset + low.seconds;
      const from = high.when - 0.5;
      const to = lowEnds + 0.5;
      const samples = window.audioTap.between(from, to);
      // Loudness in windows of 50 ms: ten beats of the two tones, so they average out.
      const size = Math.round(window.audioTap.rate * 0.05);
      const levels: number[] = [];
      for (let i = 0; i + size <= samples.length; i += size) {
        let power = 0;
        for (let j = i; j < i + size; j++) power += samples[j]! ** 2;
        levels.push(10 * Math.log10(power / size));
      }
      return { overlap: lowEnds - high.when, levels };
    }, undefined);
    expect(fade.overlap).toBeCloseTo(2, 2);
    expect(fade.levels.length).toBeGreaterThan(50);
    // Equal power: within half a decibel all through (a linear fade dips by 3 dB).
    const spread = Math.max(...fade.levels) - Math.min(...fade.levels);
    expect(spread).toBeLessThan(0.5);
  });
});
