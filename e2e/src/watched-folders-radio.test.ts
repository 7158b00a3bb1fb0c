import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, startAppProcess, type AppProcess } from './app-process.js';
import { startIcyStation, type IcyStation } from '../../server/src/test/icy-station.js';
import { DESKTOP, launchBrowser, MOBILE, saveScreenshot } from './browser.js';

/*
 * An admin's watched folder picks up a file copied into it, and a listener plays an internet
 * radio station live, with what it plays now, from a local stand-in for an Icecast server.
 */

const ADMIN = { email: 'admin@example.com', password: 'radio-admin-password' };
const METAINT = 8192;
const NOW_PLAYING = 'Night Owls - Slow Lights';

/** A real MP3 made by ffmpeg: `seconds` of a tone, frames only (no tags), so it loops as a stream. */
function ffmpegMp3(file: string, seconds: number, tags: string[] = []): Buffer {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`],
    ...tags,
    ...['-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100', file],
  ]);
  return fs.readFileSync(file);
}

let browser: Browser;
let app: AppProcess;
let station: IcyStation;
let library: string;
let sources: string;
let page: Page;

beforeAll(async () => {
  library = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-watched-')));
  sources = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-sources-'));
  const loop = ffmpegMp3(path.join(sources, 'loop.mp3'), 4, ['-id3v2_version', '0']);
  // 8 KB every half second: 128 kbit/s, a real station's pace.
  station = await startIcyStation({
    audio: loop,
    title: NOW_PLAYING,
    metaint: METAINT,
    intervalMs: 500,
  });
  [browser, app] = await Promise.all([
    launchBrowser(),
    startAppProcess({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'fatal',
      LIBRARY_FOLDERS: library,
      LIBRARY_WATCH_SETTLE_MS: '500',
      // The stand-in station is on loopback.
      RADIO_PRIVATE_NETWORKS: '127.0.0.1/32',
    }),
  ]);
  const context = await browser.newContext({ ...DESKTOP, baseURL: app.url, colorScheme: 'dark' });
  await logIn(context.request, ADMIN.email, ADMIN.password);
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await station?.close();
  fs.rmSync(library, { recursive: true, force: true });
  fs.rmSync(sources, { recursive: true, force: true });
});

describe('watched folders and internet radio', () => {
  it('imports a file copied into a watched folder without anyone pressing Import', async () => {
    await page.goto('/admin/library');
    const watched = page.getByRole('region', { name: 'Watched folders' });
    await watched.getByRole('switch', { name: `Watch ${library}` }).click();
    await watched.getByText('Watching').waitFor();

    const album = path.join(library, 'Owl Trio', 'Night Sessions');
    fs.mkdirSync(album, { recursive: true });
    ffmpegMp3(path.join(sources, 'dusk.mp3'), 2, [
      ...['-metadata', 'title=Dusk', '-metadata', 'artist=Owl Trio'],
      ...['-metadata', 'album=Night Sessions'],
    ]);
    fs.copyFileSync(path.join(sources, 'dusk.mp3'), path.join(album, '01 Dusk.mp3'));

    const latest = page.getByRole('region', { name: 'Last import' });
    await latest.getByText(album, { exact: true }).waitFor({ timeout: 15_000 });
    await latest.getByText('Finished').waitFor();
    await expect
      .poll(async () => latest.locator('dd').nth(1).textContent(), { timeout: 5000 })
      .toBe('1');
    await saveScreenshot(watched, 'library-watched-folders');
  });

  it('lets the admin add a station and a listener play it live', async () => {
    const streamUrl = `${station.url}/live`;
    await page.goto('/admin/radio-stations');
    await page.getByLabel('Name').fill('Night Owls FM');
    await page.getByLabel('Stream URL').fill(streamUrl);
    await page.getByRole('button', { name: 'Add station' }).click();
    await page.getByRole('cell', { name: 'Night Owls FM', exact: true }).waitFor();
    await saveScreenshot(page, 'admin-radio-stations');

    await page.goto('/discover');
    await page.getByRole('link', { name: 'Radio stations' }).click();
    await page.getByRole('heading', { name: 'Radio stations', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Play Night Owls FM' }).click();

    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByText('Night Owls FM').waitFor();
    await bar.getByText('Live', { exact: true }).waitFor();
    await bar.getByText(`Now playing: ${NOW_PLAYING}`).waitFor({ timeout: 15_000 });
    // Sound comes out: the element plays on, fed by the server's relay of the stream.
    await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="radio-audio"]');
        return audio !== null && !audio.paused && audio.currentTime > 1;
      },
      undefined,
      { timeout: 15_000 },
    );
    // Live radio has no seek bar.
    expect(await bar.getByRole('slider', { name: /seek|position/i }).count()).toBe(0);
    await saveScreenshot(page, 'radio-stations-desktop');

    await bar.getByRole('button', { name: 'Pause' }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="radio-audio"]');
      return audio !== null && audio.paused && !audio.getAttribute('src');
    });
  });

  it('shows the stations on discover, the way to them on a phone', async () => {
    const context = await browser.newContext({ ...MOBILE, baseURL: app.url });
    await logIn(context.request, ADMIN.email, ADMIN.password);
    const phone = await context.newPage();
    await phone.goto('/discover');
    await phone.getByRole('button', { name: 'OK' }).click(); // the cookie notice
    const tabs = phone.getByRole('navigation', { name: 'Browse' });
    await tabs.getByRole('link', { name: 'Discover' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Radio stations' }).count()).toBe(0);
    const stations = phone.getByRole('list', { name: 'Live radio' });
    await stations.getByRole('button', { name: 'Play Night Owls FM' }).click();
    await stations.getByRole('button', { name: 'Pause Night Owls FM' }).click();
    await stations.getByRole('button', { name: 'Play Night Owls FM' }).waitFor();
    await context.close();
  });
});
