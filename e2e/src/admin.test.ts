import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mp3Tone, taggedMp3 } from '../../server/src/modules/library/audio-factory.js';
import { logIn, sendWithXsrf } from './app-process.js';
import { DESKTOP, openApp, MOBILE, saveScreenshot, SCREENSHOTS, useBrowser } from './browser.js';

/*
 * The admin area in Chromium: an admin bans a listener whose open session is then signed out,
 * signs in as another listener and comes back, and every admin screen passes axe.
 */

const browser = useBrowser();

type Theme = 'dark' | 'light';

async function context(theme: Theme = 'dark', device = DESKTOP): Promise<BrowserContext> {
  const created = await browser.newContext({ ...device, colorScheme: theme });
  await created.addInitScript((choice) => localStorage.setItem('be-active-theme', choice), theme);
  await created.addCookies([
    { name: 'cookie_notice_accepted', value: '1', url: inject('baseURL') },
  ]);
  return created;
}

async function asAdmin(theme: Theme = 'dark', device = DESKTOP) {
  const admin = await context(theme, device);
  await logIn(admin.request, inject('adminEmail'), inject('adminPassword'));
  return admin;
}

let sequence = 0;
/** A new listener signed in through registration, and their e-mail address. */
async function listener(): Promise<{ context: BrowserContext; email: string; name: string }> {
  const created = await context();
  sequence++;
  const name = `listener${sequence}${Date.now()}`;
  await created.request.get('/');
  await sendWithXsrf(created.request, '/auth/register', {
    email: `${name}@example.com`,
    username: name,
    password: 'a quiet listening room',
    password_confirmation: 'a quiet listening room',
  });
  return { context: created, email: `${name}@example.com`, name };
}

/** Finds a user in the table by searching for them, and opens their actions. */
async function openActions(page: Page, email: string, name: string) {
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const table = page.getByRole('table', { name: 'Users' });
  await table.getByText(email).waitFor();
  await table.getByRole('button', { name: `Actions for ${name}` }).click();
}

describe('the admin area', () => {
  it('bans a listener, whose open session is signed out at once', async () => {
    const { context: listening, email, name } = await listener();
    const listenerPage = await listening.newPage();
    await listenerPage.goto('/account-settings');
    await listenerPage.getByRole('heading', { level: 1 }).first().waitFor();

    const page = await (await asAdmin()).newPage();
    await openActions(page, email, name);
    await page.getByRole('menuitem', { name: 'Ban' }).click();
    const dialog = page.getByRole('dialog', { name: `Ban ${name}` });
    await dialog.getByLabel(/^Reason\*?$/).fill('Spam in playlist titles');
    await dialog.getByRole('button', { name: 'Ban' }).click();
    await page.getByText(`${name} is banned and signed out`).waitFor();
    await page.getByRole('table', { name: 'Users' }).getByText('Banned').waitFor();

    // The listener's next step finds them signed out, and signing in again is refused.
    await listenerPage.reload();
    await listenerPage.waitForURL(/\/login/);
    await listenerPage.getByLabel(/^Email\*?$/).fill(email);
    await listenerPage.getByLabel(/^Password\*?$/).fill('a quiet listening room');
    await listenerPage.getByRole('button', { name: 'Continue' }).click();
    await listenerPage
      .getByText(/This account is banned\. Reason: Spam in playlist titles/)
      .waitFor();

    await page.goto('/admin/logs/audit');
    await page.getByRole('table', { name: 'Audit log' }).getByText('user.banned').first().waitFor();
  });

  it('signs in as a listener with a banner back to the admin', async () => {
    const { email, name } = await listener();
    const page = await (await asAdmin()).newPage();
    await openActions(page, email, name);
    await page.getByRole('menuitem', { name: 'Sign in as this user' }).click();
    await page
      .getByRole('dialog', { name: `Sign in as ${name}?` })
      .getByRole('button', { name: 'Sign in as this user' })
      .click();
    const banner = page.getByRole('status').filter({ hasText: 'You are signed in as' });
    await banner.getByText(`You are signed in as ${name}.`).waitFor();
    await saveScreenshot(page, 'admin-impersonation-banner');
    // As the listener the admin area is closed.
    const me = await page.request.get('/api/v1/me');
    expect((await me.json()).user.email).toBe(email);

    await banner.getByRole('button', { name: /^Back to / }).click();
    await page.waitForURL(/\/admin\/users/);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(await page.getByText('You are signed in as').count()).toBe(0);
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`keeps the impersonation banner above the landing header and the player bar, readable, in the ${theme} theme`, async () => {
      const { email, name } = await listener();
      const page = await (await asAdmin(theme)).newPage();
      await openActions(page, email, name);
      await page.getByRole('menuitem', { name: 'Sign in as this user' }).click();
      await page
        .getByRole('dialog', { name: `Sign in as ${name}?` })
        .getByRole('button', { name: 'Sign in as this user' })
        .click();
      const banner = page.getByTestId('impersonation-banner');
      await banner.getByText(`You are signed in as ${name}.`).waitFor();
      const viewport = page.viewportSize()!;

      // The landing page: its header starts where the banner ends, nothing under the banner.
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const bannerBox = (await banner.boundingBox())!;
      const header = (await page.locator('header').first().boundingBox())!;
      expect(header.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 0.5);
      const contrast = await new AxeBuilder({ page })
        .include('[data-testid="impersonation-banner"]')
        .withRules(['color-contrast'])
        .analyze();
      expect(contrast.violations.map((violation) => violation.nodes.length)).toEqual([]);
      expect(contrast.passes.length).toBeGreaterThan(0);

      // The player: the banner pushes it down and its bar stays whole in the window.
      await page.goto('/discover');
      const bar = page.getByRole('region', { name: 'Player' });
      await bar.waitFor();
      const inPlayer = (await banner.boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      expect(inPlayer.y).toBe(0);
      expect(barBox.y).toBeGreaterThanOrEqual(inPlayer.height - 0.5);
      expect(barBox.y + barBox.height).toBeLessThanOrEqual(viewport.height + 0.5);
      expect(
        await page.evaluate(() => document.scrollingElement!.scrollHeight),
      ).toBeLessThanOrEqual(viewport.height);
      await saveScreenshot(page, `admin-impersonation-player-${theme}`);
    });
  }

  it('creates a role and gives it to a listener from the user editor', async () => {
    const { email, name } = await listener();
    const page = await (await asAdmin()).newPage();
    await page.goto('/admin/roles');
    await page.getByRole('button', { name: 'Add role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add role' });
    await dialog.getByLabel(/^Name\*?$/).fill(`Curators ${sequence}`);
    await dialog.getByRole('checkbox', { name: /playlists\.create/ }).check();
    await dialog.getByPlaceholder('No limit').fill('500');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Role created').waitFor();
    await page.getByRole('table', { name: 'Roles' }).getByText(`Curators ${sequence}`).waitFor();

    await openActions(page, email, name);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit user' });
    await editor.getByRole('checkbox', { name: `Curators ${sequence}` }).check();
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User saved').waitFor();
    await page
      .getByRole('table', { name: 'Users' })
      .getByText(new RegExp(`Curators ${sequence}`))
      .waitFor();
  });

  it('keeps the admin area from a listener, and its calls answer 403', async () => {
    const { context: listening } = await listener();
    const page = await listening.newPage();
    // Without admin.access the area does not exist for them (the guard rules of the routes).
    await page.goto('/admin/users');
    await page.getByText(/doorway to the great nothing/).waitFor();
    expect((await listening.request.get('/api/v1/admin/users')).status()).toBe(403);
  });

  it('renames the site and makes a custom page the homepage, as visitors then see', async () => {
    const admin = await asAdmin();
    const page = await admin.newPage();
    try {
      await page.goto('/admin/settings/general');
      const name = page.getByLabel('Site name');
      await name.fill('');
      await page.getByText('The site needs a name.').waitFor();
      await name.fill('Loudhouse');
      await page.getByRole('combobox', { name: 'Homepage' }).click();
      await page.getByRole('option', { name: 'A custom page' }).click();
      await page.getByRole('combobox', { name: 'Page', exact: true }).click();
      await page.getByRole('option', { name: 'Privacy policy' }).click();
      await saveScreenshot(page, 'admin-settings-general');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Settings saved').waitFor();

      const visitor = await (await context('light')).newPage();
      await visitor.goto('/');
      await visitor.getByRole('heading', { name: 'Privacy policy' }).waitFor();
      expect(await visitor.title()).toContain('Loudhouse');
    } finally {
      await sendWithXsrf(admin.request, '/api/v1/settings', {
        'branding.site_name': 'Cadenza',
        'homepage.type': 'landing',
        'homepage.value': '',
      });
    }
  });

  it('previews a new site name, theme colour and CSS live in the appearance editor, then saves them for everyone', async () => {
    const admin = await asAdmin();
    const page = await admin.newPage();
    const themes = (await (await admin.request.get('/api/v1/admin/themes')).json()) as {
      themes: { id: number; name: string; default_dark: boolean; values: Record<string, string> }[];
    };
    const dark = themes.themes.find((theme) => theme.default_dark)!;
    // The accent colour the page shows, read from its root element.
    const primaryOf = (target: Page | FrameLocator) =>
      target
        .locator('html')
        .evaluate((root) => getComputedStyle(root).getPropertyValue('--primary').trim());
    try {
      await page.goto('/admin/appearance');
      const preview = page.frameLocator('iframe[title="Site preview"]');
      const panels = page.getByRole('navigation', { name: 'Appearance', exact: true });
      await preview.getByRole('link', { name: 'Cadenza' }).first().waitFor();

      await panels.getByRole('link', { name: /^General/ }).click();
      await page.getByLabel(/^Site name\*?$/).fill('Tunehouse');
      // The preview shows the new name before anything is saved; visitors still see the old one.
      await preview.getByRole('link', { name: 'Tunehouse' }).first().waitFor();
      const before = await (await context('dark')).newPage();
      await before.goto('/');
      await before.getByRole('link', { name: 'Cadenza' }).first().waitFor();

      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await panels.getByRole('link', { name: /^Themes/ }).click();
      await page.getByRole('link', { name: new RegExp(`^${dark.name}`) }).click();
      await page.getByRole('textbox', { name: 'Accent', exact: true }).fill('#ff5500');
      await expect.poll(() => primaryOf(preview)).toBe('#ff5500');
      await saveScreenshot(page, 'admin-appearance-theme');

      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await page.getByRole('link', { name: 'Back', exact: true }).click();
      await panels.getByRole('link', { name: /^Custom code/ }).click();
      await page.getByLabel('Custom CSS').fill('footer { outline: 3px solid rgb(1, 2, 3); }');
      await expect
        .poll(() =>
          preview
            .locator('footer')
            .first()
            .evaluate((footer) => getComputedStyle(footer).outlineColor),
        )
        .toBe('rgb(1, 2, 3)');

      // Logging out inside the editor is refused, so the preview cannot sign the admin out.
      // (The preview is narrow enough for the mobile navigation.)
      await preview.getByRole('button', { name: 'Open menu' }).click();
      await preview.getByRole('button', { name: 'Log out' }).click();
      await preview.getByText("Can't logout while in appearance editor").waitFor();
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Appearance saved').waitFor();

      const visitor = await (await context('dark')).newPage();
      await visitor.goto('/');
      await visitor.getByRole('link', { name: 'Tunehouse' }).first().waitFor();
      expect(await primaryOf(visitor)).toBe('#ff5500');
      expect(
        await visitor
          .locator('footer')
          .first()
          .evaluate((footer) => getComputedStyle(footer).outlineColor),
      ).toBe('rgb(1, 2, 3)');
      // The admin area never loads the site's custom code.
      await page.goto('/admin/appearance');
      expect(await page.locator('#custom-css').count()).toBe(0);
    } finally {
      await sendWithXsrf(admin.request, '/api/v1/settings', {
        'branding.site_name': 'Cadenza',
        'custom_code.css': '',
      });
      await sendWithXsrf(admin.request, `/api/v1/admin/themes/${dark.id}`, dark, 'PUT');
    }
  });

  it('imports a folder of generated audio and watches the progress reach 100 %', async () => {
    const album = `Field Notes ${Date.now()}`;
    const folder = path.join(inject('libraryFolder'), album);
    fs.mkdirSync(folder, { recursive: true });
    // Eight seconds each: the player journey may meet these tracks in Top 50, and a track that
    // ends at once would skip ahead under it.
    for (let i = 1; i <= 12; i++) {
      const tags = { title: `Field note ${i}`, artist: 'Marta Quell', album, track: `${i}/12` };
      fs.writeFileSync(path.join(folder, `${String(i).padStart(2, '0')}.mp3`), taggedMp3(tags, 8));
    }
    fs.writeFileSync(path.join(folder, 'broken.mp3'), Buffer.from('not audio at all'));

    const page = await (await asAdmin()).newPage();
    await page.goto('/admin/library');
    await page.getByRole('combobox', { name: 'Folder', exact: true }).click();
    await page.getByRole('option', { name: `…/${album}` }).click();
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByText('Import started').waitFor();

    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await expect
      .poll(() => progress.getAttribute('aria-valuenow'), { timeout: 30_000 })
      .toBe('100');
    const latest = page.getByRole('region', { name: 'Last import' });
    await latest.getByText('Finished').waitFor();
    expect(await latest.locator('dd').allTextContents()).toEqual(['13', '12', '0', '0', '0', '1']);
    await latest.getByText('Files that could not be imported (1)').click();
    await latest.getByText(/broken\.mp3/).waitFor();
    await page.getByRole('table', { name: 'Imports' }).getByText(album).waitFor();
    await saveScreenshot(page, 'admin-library-import');

    // The imported tracks are in the catalogue.
    const search = await page.request.get(`/api/v1/search?query=${encodeURIComponent(album)}`);
    expect(JSON.stringify(await search.json())).toContain('Field note 1');
  });

  it('uploads audio from the computer for import, named by its tags or its file name, and finds it in the catalogue', async () => {
    const stamp = Date.now();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-upload-import-'));
    const tagged = path.join(dir, 'recording.mp3');
    fs.writeFileSync(
      tagged,
      taggedMp3(
        { title: `Lantern ${stamp}`, artist: 'Orla Finch', album: `Pier Songs ${stamp}` },
        3,
      ),
    );
    // No tags at all: the name says who and what.
    const untagged = path.join(dir, `Harbour Lights - Beacon ${stamp}.mp3`);
    fs.writeFileSync(untagged, mp3Tone(3));
    const notes = path.join(dir, 'notes.mp3');
    fs.writeFileSync(notes, 'meeting notes, not a song');

    const page = await (await asAdmin()).newPage();
    await page.goto('/admin/library');
    await page.getByLabel('Choose audio files to import').setInputFiles([tagged, untagged, notes]);
    const results = page.getByRole('list', { name: 'Uploaded files' });
    await results
      .getByText(`Imported as Lantern ${stamp} by Orla Finch, on Pier Songs ${stamp}`)
      .waitFor({ timeout: 30_000 });
    await results
      .getByText(`Imported as Beacon ${stamp} by Harbour Lights`)
      .waitFor({ timeout: 30_000 });
    await results
      .getByText('This file is not audio Cadenza can import: use MP3, FLAC, Ogg, WAV, AAC or M4A.')
      .waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'admin-library-upload');

    // Both tracks are in the catalogue's track table.
    await page.goto(`/admin/tracks?query=${encodeURIComponent(`Beacon ${stamp}`)}`);
    await page
      .getByRole('row', { name: new RegExp(`Beacon ${stamp}`) })
      .getByText('0:03')
      .waitFor();
    await page.goto(`/admin/tracks?query=${encodeURIComponent(`Lantern ${stamp}`)}`);
    await page.getByRole('row', { name: new RegExp(`Lantern ${stamp}`) }).waitFor();
  });

  it('builds a channel by query and sets it as the homepage, which visitors then get', async () => {
    const admin = await asAdmin();
    const page = await admin.newPage();
    const name = `Fresh albums ${Date.now()}`;
    try {
      await page.goto('/admin/channels');
      await page.getByRole('link', { name: 'New channel' }).click();
      await page.getByLabel(/^Name\*?$/).fill(name);
      await page.getByRole('combobox', { name: 'Content' }).click();
      await page.getByRole('option', { name: 'Albums' }).click();
      await page.getByRole('combobox', { name: 'Filled' }).click();
      await page.getByRole('option', { name: 'By query: New releases' }).click();
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Channel created').waitFor();
      // The preview lists what visitors will see: the newest albums of the catalogue.
      const preview = page.getByRole('region', { name: 'Preview' });
      await expect.poll(() => preview.getByRole('listitem').count()).toBeGreaterThan(3);
      await saveScreenshot(page, 'admin-channel-editor');

      await page.getByRole('button', { name: 'Set as homepage' }).click();
      await page.getByText(`${name} is now the homepage`).waitFor();
      const visitor = await (await context('light')).newPage();
      await visitor.goto('/');
      await visitor.waitForURL((url) => url.pathname.startsWith('/channel/fresh-albums-'));
      await visitor.getByRole('heading', { name }).waitFor();
    } finally {
      await sendWithXsrf(admin.request, '/api/v1/settings', {
        'homepage.type': 'landing',
        'homepage.value': '',
      });
    }
  });

  it('reads the dashboard with the plays just made', async () => {
    // Three visitors each play the same track to its end.
    const visitor = await context();
    const albums = await (
      await visitor.request.get('/api/v1/albums/new-releases?perPage=1')
    ).json();
    const albumId = (albums.pagination.data[0] as { id: number }).id;
    const album = await (await visitor.request.get(`/api/v1/albums/${albumId}`)).json();
    const track = album.album.tracks[0] as { id: number; name: string };
    for (let i = 0; i < 3; i++) {
      const listener = await context();
      await listener.request.get('/');
      await sendWithXsrf(listener.request, `/api/v1/tracks/${track.id}/plays`, {
        played_ms: 120_000,
        ended: true,
      });
      await listener.close();
    }

    const page = await (await asAdmin()).newPage();
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/admin/reports');
    const plays = page.getByRole('definition').first();
    await expect
      .poll(async () => Number((await plays.textContent())?.replace(/\D/g, '')))
      .toBeGreaterThanOrEqual(3);
    await page.getByRole('region', { name: 'Top tracks' }).getByText(track.name).first().waitFor();
    await page.getByRole('region', { name: 'Plays per day' }).waitFor();
    await saveScreenshot(page, 'admin-reports');

    await page.getByRole('combobox', { name: 'Range' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await page.getByRole('region', { name: 'Top tracks' }).getByText(track.name).first().waitFor();
  });

  it("edits a track's synced lyrics, which then light up line by line in the player", async () => {
    const admin = await asAdmin();
    const page = await admin.newPage();
    const top = await (await admin.request.get('/api/v1/tracks/top?perPage=1')).json();
    const track = top.pagination.data[0] as { id: number; name: string };

    await page.goto(`/admin/tracks?query=${encodeURIComponent(track.name)}`);
    await page
      .getByRole('button', { name: `Edit ${track.name}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit ${track.name}` });
    await dialog
      .getByLabel('Lyrics')
      .fill('[00:00.00]First light\n[00:01.50]Second wind\n[00:03.00]Third time');
    await dialog.getByText('Synced lyrics: 3 timed lines.').waitFor();
    await saveScreenshot(page, 'admin-track-editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Track saved').waitFor();

    await page.goto(`/track/${track.id}`);
    const lyrics = page.getByRole('list', { name: 'Lyrics' });
    await lyrics.getByText('Third time').waitFor();
    await page.getByRole('button', { name: 'Play', exact: true }).first().click();
    const current = lyrics.locator('[aria-current="true"]');
    await expect.poll(() => current.textContent(), { timeout: 15_000 }).toBe('Second wind');
    await expect.poll(() => current.textContent(), { timeout: 15_000 }).toBe('Third time');
    await page.getByRole('button', { name: 'Pause', exact: true }).first().click();
  });

  it("replaces a track's audio from the track editor, and the table shows its new length", async () => {
    const admin = await asAdmin();
    // A track of its own, imported for this journey, so no other journey meets its new audio.
    const album = `Retakes ${Date.now()}`;
    const folder = path.join(inject('libraryFolder'), album);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, 'take.mp3'),
      taggedMp3({ title: `First take ${album}`, artist: 'Marta Quell', album }, 8),
    );
    const started = await sendWithXsrf(admin.request, '/api/v1/admin/library/imports', {
      folder,
    });
    const { job } = (await started.json()) as { job: { id: number } };
    await expect
      .poll(async () => {
        const response = await admin.request.get(`/api/v1/admin/library/imports/${job.id}`);
        return ((await response.json()) as { job: { status: string } }).job.status;
      })
      .toBe('done');

    const page = await admin.newPage();
    await page.goto(`/admin/tracks?query=${encodeURIComponent(`First take ${album}`)}`);
    const row = page.getByRole('row', { name: new RegExp(`First take ${album}`) });
    await row.getByText('0:08').waitFor();
    await row.getByRole('button', { name: /^Edit / }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit First take/ });
    // The new take comes from the admin's own computer, not the library folder.
    const retake = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-retake-')),
      'retake.mp3',
    );
    fs.writeFileSync(retake, taggedMp3({ title: 'Retake' }, 12));
    await dialog.getByLabel('Choose the new audio file').setInputFiles(retake);
    await page.getByText('Audio replaced').waitFor();
    await dialog.getByText('0:12').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await row.getByText('0:12').waitFor();
  });

  it('fills an ad slot that listeners then see on the artist page, in its sandboxed frame', async () => {
    const admin = await asAdmin();
    const page = await admin.newPage();
    const { artists } = (await (await admin.request.get('/api/v1/landing/artists')).json()) as {
      artists: { id: number }[];
    };
    try {
      await page.goto('/admin/ads');
      const slot = page.getByRole('region', { name: 'Artist page, below the header' });
      await slot
        .getByLabel('Ad code for Artist page, below the header')
        .fill('<p id="promo">Tour tickets on sale</p>');
      await slot.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Ad saved').waitFor();
      await slot.locator('iframe').waitFor();
      await saveScreenshot(page, 'admin-ads');

      const visitor = await (await context()).newPage();
      await openApp(visitor, `/artist/${artists[0]!.id}`);
      const frame = visitor.frameLocator('iframe[data-ad-slot="artist_top"]');
      await frame.locator('#promo').getByText('Tour tickets on sale').waitFor();
      expect(
        await visitor.locator('iframe[data-ad-slot="artist_top"]').getAttribute('sandbox'),
      ).toBe('allow-scripts allow-popups');
    } finally {
      await sendWithXsrf(admin.request, '/api/v1/settings', { 'ads.artist_top': '' });
    }
  });

  it('writes a custom page in the rich-text editor, which visitors then read', async () => {
    const page = await (await asAdmin()).newPage();
    await page.goto('/admin/pages');
    await page.getByRole('link', { name: 'New page' }).click();
    await page.getByLabel(/^Title\*?$/).fill(`Press kit ${Date.now()}`);
    const editor = page.getByRole('textbox', { name: 'Content' });
    // A toolbar button hands the focus back to the text; typing waits for it, as a person would.
    const press = async (button: string) => {
      await page.getByRole('button', { name: button }).click();
      await expect
        .poll(() => editor.evaluate((element) => element.contains(document.activeElement)))
        .toBe(true);
    };
    await editor.click();
    await page.keyboard.type('Photos and logos for ');
    await press('Bold');
    await expect
      .poll(() => page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.keyboard.type('journalists');
    await press('Bold');
    await page.keyboard.press('Enter');
    await press('Bulleted list');
    await page.keyboard.type('High resolution');
    await saveScreenshot(page, 'admin-page-editor');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Page created').waitFor();
    await page.waitForURL(/\/admin\/pages\/\d+$/);
    // The address is read from the saved page's form: the new page's form, whose address was left
    // empty, can still be on screen for a moment after the address bar changes.
    await page.getByRole('heading', { level: 1, name: 'Edit page' }).waitFor();
    const slug = await page.getByLabel('Address').inputValue();
    expect(slug).toMatch(/^press-kit-\d+$/);

    const visitor = await (await context('light')).newPage();
    await visitor.goto(`/pages/${slug}`);
    await visitor.locator('strong', { hasText: 'journalists' }).waitFor();
    await visitor.getByRole('listitem').filter({ hasText: 'High resolution' }).waitFor();
  });

  it('adds Spanish from English, translates a line, and a Spanish visitor sees it', async () => {
    const admin = await asAdmin();
    const page = await admin.newPage();
    try {
      await page.goto('/admin/localizations');
      await page.getByRole('button', { name: 'Add a language' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a language' });
      await dialog.getByLabel(/^Name\*?$/).fill('Español');
      await dialog.getByLabel(/^Language code\*?$/).fill('es');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await page.getByText('Language added').waitFor();
      await page.getByRole('link', { name: /Español/ }).click();
      await page.getByRole('switch', { name: 'Only untranslated lines' }).click();
      await page.getByRole('searchbox', { name: 'Search lines' }).fill('Log in');
      const line = page.getByRole('textbox', { name: 'Translation of “Log in”' });
      await line.fill('Iniciar sesión');
      await saveScreenshot(page, 'admin-localization-lines');
      await page.getByRole('button', { name: 'Save changes (1)' }).click();
      await page.getByText('Lines saved').waitFor();

      const visitor = await browser.newContext({ ...DESKTOP, locale: 'es-ES' });
      const home = await visitor.newPage();
      await home.goto('/');
      await home.getByRole('link', { name: 'Iniciar sesión' }).first().waitFor();
    } finally {
      await admin.request.get('/');
      await sendWithXsrf(admin.request, '/api/v1/admin/localizations/es', {}, 'DELETE');
    }
  });

  const devices = [
    [DESKTOP, 'desktop'],
    [MOBILE, 'mobile'],
  ] as const;
  // The gallery of admin screens in both themes on both sizes, for the docs. Their accessibility
  // is checked in accessibility.test.ts, each screen in each theme and at each size once.
  for (const theme of SCREENSHOTS ? (['dark', 'light'] as const) : []) {
    for (const [device, deviceName] of devices) {
      it(`photographs every admin screen in the ${theme} theme on ${deviceName}`, async () => {
        const page = await (await asAdmin(theme, device)).newPage();
        for (const [path, name, ready] of [
          ['/admin/users', 'users', 'Users'],
          ['/admin/roles', 'roles', 'Roles'],
          ['/admin/logs/audit', 'audit-log', 'Audit log'],
          ['/admin/logs/mail', 'mail-log', 'Mail log'],
          ['/admin/settings/authentication', 'settings-authentication', 'Authentication'],
          ['/admin/settings/uploads', 'settings-uploads', 'Uploads'],
          ['/admin/ads', 'ads', 'Ads'],
          ['/admin/pages', 'pages', 'Custom pages'],
          ['/admin/localizations', 'localizations', 'Localizations'],
          ['/admin/logs/errors', 'error-log', 'Error log'],
          ['/admin/reports', 'reports', 'Reports'],
          ['/admin/artists', 'artists', 'Artists'],
          ['/admin/albums', 'albums', 'Albums'],
          ['/admin/tracks', 'tracks', 'Tracks'],
          ['/admin/genres', 'genres', 'Genres'],
          ['/admin/playlists', 'playlists', 'Playlists'],
          ['/admin/lyrics', 'lyrics', 'Lyrics'],
          ['/admin/library', 'library', 'Library import'],
          ['/admin/channels', 'channels', 'Channels'],
          ['/admin/plans', 'plans', 'Plans'],
          ['/admin/vouchers', 'vouchers', 'Vouchers'],
          ['/admin/subscriptions', 'subscriptions', 'Subscriptions'],
          ['/admin/appearance', 'appearance', 'Appearance'],
          ['/admin/appearance/themes', 'appearance-themes', 'Appearance'],
          ['/admin/appearance/landing', 'appearance-landing', 'Appearance'],
        ] as const) {
          await page.goto(path);
          await page.getByRole('heading', { name: ready, level: 1 }).waitFor();
          if (path.startsWith('/admin/appearance')) {
            const preview = page.frameLocator('iframe[title="Site preview"]');
            await preview.getByRole('link', { name: 'Cadenza' }).first().waitFor();
          } else if (path.includes('/settings/') || path.endsWith('/ads')) {
            await page.getByRole('button', { name: 'Save' }).first().waitFor();
          } else if (!path.endsWith('/errors')) {
            // A table with rows, or the empty state of a list nothing has filled here.
            await page
              .getByRole('table')
              .first()
              .locator('tbody tr')
              .first()
              .or(page.getByText(/^No \w+ yet$/))
              .or(page.getByText('There are no items matching your query.'))
              .waitFor();
          }
          await saveScreenshot(page, `admin-${name}-${deviceName}-${theme}`);
        }
        if (device === DESKTOP) {
          await page.goto('/admin/users');
          await page.getByRole('button', { name: 'Add user' }).click();
          await page.getByRole('dialog', { name: 'Add user' }).waitFor();
          await saveScreenshot(page, `admin-user-editor-${theme}`);
        } else {
          await page.goto('/admin/users');
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('dialog', { name: 'Admin menu' }).waitFor();
          await saveScreenshot(page, `admin-drawer-mobile-${theme}`);
        }
      }, 180_000);
    }
  }
});
