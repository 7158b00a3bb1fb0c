import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  DESKTOP,
  MOBILE,
  openApp,
  saveScreenshot,
  saveScreenshotInBothThemes,
  useBrowser,
} from './browser.js';

/*
 * A blog on another site shows an album of this one: it asks oEmbed for the code, frames the
 * small player, and its reader presses play inside the frame. Then a listener shares the album
 * from its page: the link goes to the clipboard, and the embed code comes with a live preview.
 */

const { newContext } = useBrowser();

let blog: http.Server;
let blogUrl: string;
/** The blog's page for each theme: the iframe oEmbed gave, in its text. */
const posts = new Map<string, string>();
let album: { id: number; name: string };

beforeAll(async () => {
  // The album with the most tracks, so the frame shows a tracklist.
  const releases = await fetch(`${baseURL()}/api/v1/albums/new-releases?page=1&perPage=24`);
  const { data } = (
    (await releases.json()) as {
      pagination: { data: { id: number; name: string; tracks_count: number }[] };
    }
  ).pagination;
  const most = [...data].sort((a, b) => b.tracks_count - a.tracks_count)[0];
  if (!most) throw new Error('the demo catalogue has no album');
  album = { id: most.id, name: most.name };
  for (const theme of ['dark', 'light']) {
    const page = `${baseURL()}/album/${album.id}`;
    const answer = await fetch(
      `${baseURL()}/api/v1/oembed?url=${encodeURIComponent(page)}&format=json`,
    );
    expect(answer.status).toBe(200);
    const { html } = (await answer.json()) as { html: string };
    const frame = theme === 'light' ? html.replace(/src="([^"]+)"/, 'src="$1?theme=light"') : html;
    posts.set(
      `/${theme}`,
      `<!doctype html><html><head><title>A blog</title></head><body style="margin:24px;font-family:serif"><h1>Listen to this</h1>${frame}</body></html>`,
    );
  }
  // Another origin than the app's (127.0.0.1 where the app is localhost): another site.
  blog = http.createServer((request, response) => {
    const post = posts.get(request.url ?? '');
    response.writeHead(post ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(post ?? 'Not found');
  });
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogUrl = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => blog?.close(resolve));
});

async function embedFrame(page: Page): Promise<Frame> {
  await page.frameLocator('iframe').getByRole('button', { name: 'Play' }).waitFor();
  const frame = page.frames().find((each) => each.url().includes(`/embed/album/${album.id}`));
  if (!frame) throw new Error('the embed frame did not load');
  return frame;
}

describe('embeds', () => {
  it('another site frames an album and its reader plays it inside the frame', async () => {
    const context = await newContext({ ...DESKTOP, baseURL: blogUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/dark');
    const frame = await embedFrame(page);
    await frame.getByText(album.name).first().waitFor();
    await saveScreenshot(page.locator('iframe'), 'embed-album-dark');

    await frame.getByRole('button', { name: 'Play' }).click();
    await frame.getByRole('button', { name: 'Pause' }).waitFor();
    // The audio is really playing: its clock moves.
    await frame.waitForFunction(() => {
      const audio = document.querySelector('audio');
      return audio !== null && !audio.paused && audio.currentTime > 0.3;
    });
    expect(await frame.locator('[aria-current="true"]').count()).toBe(1);
    await frame.getByRole('button', { name: 'Pause' }).click();
    await frame.getByRole('button', { name: 'Play' }).waitFor();

    await page.goto('/light');
    const light = await embedFrame(page);
    expect(await light.locator('html').getAttribute('data-theme')).toBe('light');
    await saveScreenshot(page.locator('iframe'), 'embed-album-light');
    expect(errors).toEqual([]);
  });

  it('a listener gets the album’s embed code with a preview, and copies its link', async () => {
    const context = await newContext({ ...DESKTOP, colorScheme: 'dark' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: baseURL() }]);
    const page = await context.newPage();
    await openApp(page, `/album/${album.id}`);
    await page.getByRole('heading', { name: album.name }).first().waitFor();

    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: `Embed “${album.name}”` });
    const code = dialog.getByLabel('Embed code');
    expect(await code.inputValue()).toContain(`src="${baseURL()}/embed/album/${album.id}"`);
    const preview = dialog.frameLocator('iframe');
    await preview.getByRole('button', { name: 'Play' }).waitFor();
    await preview.getByText(album.name).first().waitFor();
    await saveScreenshotInBothThemes(dialog, 'share-embed-dialog-desktop');

    await dialog.getByText('Light', { exact: true }).click();
    expect(await code.inputValue()).toContain(`/embed/album/${album.id}?theme=light`);
    await dialog.getByRole('button', { name: 'Copy code' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseURL()}/album/${album.id}/`));
  });

  it('on a phone, the Share menu and the embed dialog fit the screen', async () => {
    const context = await newContext({ ...MOBILE, colorScheme: 'light' });
    await context.addCookies([{ name: 'cookie_notice_accepted', value: '1', url: baseURL() }]);
    const page = await context.newPage();
    await openApp(page, `/album/${album.id}`);
    const share = page.getByRole('button', { name: 'Share' });
    const box = await share.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await share.click();
    await page.getByRole('menuitem', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: `Embed “${album.name}”` });
    await dialog.frameLocator('iframe').getByRole('button', { name: 'Play' }).waitFor();
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox && dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390);
    await saveScreenshotInBothThemes(page, 'share-embed-dialog-mobile');
  });
});
