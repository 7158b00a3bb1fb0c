import fs from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sendWithXsrf } from './app-process.js';
import { DESKTOP, openApp, saveScreenshot, useBrowser } from './browser.js';

/*
 * A listener brings a playlist made in another player: the songs the library has are found,
 * those it lacks are listed, and the playlist leaves again as a file another player opens.
 */

const browser = useBrowser();
const PASSWORD = 'playlists travel well';

async function listener(): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...DESKTOP,
    colorScheme: 'dark',
    acceptDownloads: true,
  });
  await context.addCookies([
    { name: 'cookie_notice_accepted', value: '1', url: inject('baseURL') },
  ]);
  const name = `traveller${Date.now()}`;
  await context.request.get('/');
  await sendWithXsrf(context.request, '/auth/register', {
    email: `${name}@example.com`,
    username: name,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  return context;
}

interface Listed {
  name: string;
  artists: { name: string }[];
}

describe('playlists in and out', () => {
  it('imports an M3U8, shows what did not match, and exports the playlist as XSPF', async () => {
    const context = await listener();
    const page = await context.newPage();
    const top = await page.request.get('/api/v1/tracks/top?perPage=2');
    const [first, second] = ((await top.json()) as { pagination: { data: Listed[] } }).pagination
      .data;
    // Written as another player would, with other cases and a file the library does not hold.
    const m3u8 = [
      '#EXTM3U',
      '#PLAYLIST:Brought along',
      `#EXTINF:200,${first!.artists[0]!.name.toUpperCase()} - ${first!.name.toLowerCase()}`,
      'C:\\Music\\first.mp3',
      '#EXTINF:180,Nobody Known - A Song Nowhere',
      'elsewhere/nowhere.flac',
      `#EXTINF:190,${second!.artists[0]!.name} - ${second!.name}`,
      'second.mp3',
    ].join('\n');

    await openApp(page, '/library/playlists');
    await page.getByRole('heading', { level: 1, name: 'Your library' }).waitFor();
    await page.getByRole('button', { name: 'Import playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import playlist' });
    await dialog.getByLabel('Playlist file').setInputFiles({
      name: 'brought-along.m3u8',
      mimeType: 'audio/x-mpegurl',
      buffer: Buffer.from(m3u8),
    });
    await dialog.getByText('2 of 3 songs were added to “Brought along”.').waitFor();
    const unmatched = dialog.getByRole('list', { name: 'Not found in the library' });
    expect(await unmatched.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/2\s+Nobody Known – A Song Nowhere · nowhere\.flac/),
    ]);
    await saveScreenshot(dialog, 'playlist-import-report');

    await dialog.getByRole('button', { name: 'Open playlist' }).click();
    await page.getByRole('heading', { level: 1, name: 'Brought along' }).waitFor();
    const table = page.locator('#player-content');
    await table.getByText(first!.name, { exact: true }).first().waitFor();
    await table.getByText(second!.name, { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'XSPF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Brought along.xspf');
    const xspf = fs.readFileSync((await download.path())!, 'utf8');
    expect(xspf).toContain('<playlist version="1" xmlns="http://xspf.org/ns/0/">');
    expect(xspf).toContain('<title>Brought along</title>');
    const titles = [...xspf.matchAll(/<track>[\s\S]*?<title>([^<]*)<\/title>/g)].map((m) =>
      unescapeXml(m[1]!),
    );
    expect(titles).toEqual([first!.name, second!.name]);
  });
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
