import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { TestClient } from '../../../test/test-client.js';
import { coverPng, importTrack } from '../music.fixtures.js';

/*
 * Embeds and sharing. The scene: a public album of two songs with a cover, a hidden (not yet
 * public) album, a public playlist and a private one of a listener, and a signed-in owner who
 * must not be able to embed their private playlist for other sites' visitors.
 */

const APP_URL = 'https://music.example.com';
let t: TestApp;
let guest: TestClient;
const ids = { track: 0, album: 0, hiddenAlbum: 0, hiddenTrack: 0, artist: 0 };
const playlists = { open: 0, own: 0 };
let owner: TestClient;

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
  const cover = { data: await coverPng('#aa3366'), mime: 'image/png' };
  const first = await importTrack(t.app, t.config.dataDir, {
    title: 'Harbour Lights',
    artists: ['Neon Harbor'],
    album: 'Night Ferries',
    coverImage: cover,
  });
  await importTrack(t.app, t.config.dataDir, {
    title: 'Low Tide <Live>',
    artists: ['Neon Harbor'],
    album: 'Night Ferries',
  });
  ids.track = first.trackId;
  ids.album = first.albumId!;
  ids.artist = first.artistIds[0]!;
  const hidden = await importTrack(t.app, t.config.dataDir, {
    title: 'Not Yet',
    artists: ['Neon Harbor'],
    album: 'Coming Soon',
  });
  ids.hiddenAlbum = hidden.albumId!;
  ids.hiddenTrack = hidden.trackId;
  await t.db.kysely
    .updateTable('albums')
    .set({ hidden: 1 })
    .where('id', '=', ids.hiddenAlbum)
    .execute();
  await t.db.kysely
    .updateTable('tracks')
    .set({ hidden: 1 })
    .where('id', '=', ids.hiddenTrack)
    .execute();

  const signedIn = await signedInUser(t.app);
  owner = signedIn.client;
  const create = (name: string, open: boolean) =>
    t.app.services.catalogue.createPlaylist({
      ownerId: signedIn.user.id,
      name,
      public: open,
      trackIds: [ids.track],
    });
  playlists.open = (await create('Sunday Drive', true)).id;
  playlists.own = (await create('Secret Diary', false)).id;
  guest = await new TestClient(t.app).visit();
});
afterAll(() => t.close());

function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const oEmbed = (url: string, extra = '') =>
  guest.get(`/api/v1/oembed?url=${encodeURIComponent(url)}${extra}`);

/** The content of a page's meta tag (by property or name), or undefined. */
function metaOf(html: string, name: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

describe('embed pages', () => {
  it('draws an album as a small player any site may frame, with its tracklist and a link back', async () => {
    const page = await guest.get(`/embed/album/${ids.album}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(policyOf(page).get('frame-ancestors')).toEqual(['*']);
    expect(page.headers['x-frame-options']).toBeUndefined();
    // Its one script runs by its hash; nothing inline else.
    expect(policyOf(page).get('script-src')?.[0]).toMatch(/^'sha256-/);
    expect(page.body).toContain('Night Ferries');
    expect(page.body).toContain('Neon Harbor');
    expect(page.body).toContain('aria-label="Play"');
    expect(page.body).toContain(`data-src="/api/v1/tracks/${ids.track}/stream"`);
    // Titles are text, never markup.
    expect(page.body).toContain('Low Tide &lt;Live&gt;');
    expect(page.body).toContain(`href="${APP_URL}/album/${ids.album}/neon-harbor/night-ferries"`);
    expect(page.body).toMatch(/<img class="cover" src="\/storage\/[^"]+"/);
    expect(page.body).toContain('data-theme="dark"');
  });

  it('draws tracks and public playlists too, light when asked', async () => {
    const track = await guest.get(`/embed/track/${ids.track}?theme=light`);
    expect(track.statusCode).toBe(200);
    expect(track.body).toContain('data-theme="light"');
    expect(track.body).toContain('Harbour Lights');
    const playlist = await guest.get(`/embed/playlist/${playlists.open}`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('Sunday Drive');
    expect(playlist.body).toContain('Harbour Lights');
  });

  it("speaks the visitor's language", async () => {
    const page = await guest.get(`/embed/playlist/${playlists.open}`, {
      headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
    });
    expect(page.body).toContain('<html lang="pt-BR"');
    expect(page.body).toContain('aria-label="Tocar"');
    expect(page.body).toContain('data-pause="Pausar"');
    expect(page.body).toContain('Playlist · ');
    const missing = await guest.get('/embed/album/999999', {
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(missing.body).toContain('Esta música não está disponível.');
  });

  it('answers 404 for unknown, hidden and private items, even to their owner', async () => {
    for (const path of [
      '/embed/album/999999',
      `/embed/album/${ids.hiddenAlbum}`,
      `/embed/track/${ids.hiddenTrack}`,
      `/embed/playlist/${playlists.own}`,
    ]) {
      for (const client of [guest, owner]) {
        const page = await client.get(path);
        expect(page.statusCode, path).toBe(404);
        expect(page.body).toContain('This music is not available.');
        expect(page.body).not.toContain('Secret Diary');
        expect(policyOf(page).get('frame-ancestors')).toEqual(['*']);
      }
    }
  });

  it('says guests may not listen here, with the way to sign in, when the site keeps music for members', async () => {
    await t.app.services.permissions.revoke('guests', 'music.view');
    try {
      const page = await guest.get(`/embed/album/${ids.album}`);
      expect(page.statusCode).toBe(401);
      expect(page.body).toContain('to listen.');
      expect(page.body).toContain(`href="${APP_URL}/login?redirect=%2Falbum%2F${ids.album}"`);
      expect(page.body).not.toContain('Night Ferries');
    } finally {
      await t.app.services.permissions.grant('guests', 'music.view');
    }
  });

  it('leaves every other page refusing frames from other sites', async () => {
    for (const path of [`/album/${ids.album}`, '/', '/discover']) {
      const page = await guest.get(path);
      expect(policyOf(page).get('frame-ancestors'), path).toEqual(["'self'"]);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const api = await guest.get(`/api/v1/albums/${ids.album}`);
    expect(policyOf(api).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('oEmbed', () => {
  it('describes an album, a track and a playlist by their addresses on this site', async () => {
    const album = await oEmbed(`${APP_URL}/album/${ids.album}/neon-harbor/night-ferries`);
    expect(album.statusCode).toBe(200);
    const body = album.json();
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      width: 480,
      height: 380,
      title: 'Night Ferries',
      author_name: 'Neon Harbor',
      provider_name: expect.any(String),
      provider_url: `${APP_URL}/`,
      thumbnail_url: expect.stringMatching(new RegExp(`^${APP_URL}/storage/`)),
    });
    expect(body.html).toMatch(
      new RegExp(`^<iframe src="${APP_URL}/embed/album/${ids.album}" width="480" height="380"`),
    );

    const track = await oEmbed(`${APP_URL}/track/${ids.track}`, '&format=json');
    expect(track.statusCode).toBe(200);
    expect(track.json()).toMatchObject({ title: 'Harbour Lights', width: 480, height: 152 });
    expect(track.json().html).toContain(`${APP_URL}/embed/track/${ids.track}`);

    const playlist = await oEmbed(`${APP_URL}/playlist/${playlists.open}/sunday-drive`);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.json().title).toBe('Sunday Drive');
  });

  it('keeps within maxwidth and maxheight', async () => {
    const url = `${APP_URL}/album/${ids.album}`;
    const small = await oEmbed(url, '&maxwidth=320&maxheight=240');
    expect(small.json()).toMatchObject({ width: 320, height: 240 });
    expect(small.json().html).toContain('width="320" height="240"');
    // Larger bounds leave the embed at its own size.
    expect((await oEmbed(url, '&maxwidth=2000')).json()).toMatchObject({ width: 480 });
    // Too small to hold the player at all.
    expect((await oEmbed(url, '&maxwidth=50')).statusCode).toBe(404);
  });

  it('answers 404 for another site, an artist, unknown and private items', async () => {
    for (const url of [
      `https://elsewhere.example.org/album/${ids.album}`,
      `http://music.example.com/album/${ids.album}`,
      `${APP_URL}/artist/${ids.artist}/neon-harbor`,
      `${APP_URL}/album/999999`,
      `${APP_URL}/album/${ids.hiddenAlbum}`,
      `${APP_URL}/playlist/${playlists.own}`,
      `${APP_URL}/pricing`,
      'not a url',
    ]) {
      expect((await oEmbed(url)).statusCode, url).toBe(404);
      // Signed in, the owner gets no more: the embed is for other sites' guests.
      expect((await owner.get(`/api/v1/oembed?url=${encodeURIComponent(url)}`)).statusCode).toBe(
        404,
      );
    }
  });

  it('answers in XML when asked, and 422 for another format or without a URL', async () => {
    const xml = await oEmbed(`${APP_URL}/album/${ids.album}`, '&format=xml');
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('text/xml');
    expect(xml.body).toMatch(
      /^<\?xml version="1.0" encoding="utf-8" standalone="yes"\?>\n<oembed>/,
    );
    expect(xml.body).toContain('<version>1.0</version>');
    expect(xml.body).toContain('<type>rich</type>');
    expect(xml.body).toContain('<title>Night Ferries</title>');
    // The iframe is text inside its element.
    expect(xml.body).toContain(`<html>&lt;iframe src="${APP_URL}/embed/album/${ids.album}"`);
    expect((await oEmbed(`${APP_URL}/album/${ids.album}`, '&format=yaml')).statusCode).toBe(422);
    expect((await guest.get('/api/v1/oembed')).statusCode).toBe(422);
  });
});

describe('Open Graph tags on player pages', () => {
  it('describes an album page with its cover, type, address and oEmbed link', async () => {
    const page = await guest.get(`/album/${ids.album}/neon-harbor/night-ferries`);
    expect(page.statusCode).toBe(200);
    const canonical = `${APP_URL}/album/${ids.album}/neon-harbor/night-ferries`;
    expect(metaOf(page.body, 'og:title')).toBe('Night Ferries');
    expect(metaOf(page.body, 'og:type')).toBe('music.album');
    expect(metaOf(page.body, 'og:url')).toBe(canonical);
    expect(metaOf(page.body, 'og:image')).toMatch(new RegExp(`^${APP_URL}/storage/`));
    expect(metaOf(page.body, 'og:description')).toContain('Neon Harbor');
    expect(metaOf(page.body, 'twitter:card')).toBe('summary_large_image');
    expect(page.body).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${APP_URL}/api/v1/oembed?url=${encodeURIComponent(canonical)}&amp;format=json"`,
    );
  });

  it('gives tracks, playlists and artists their own types', async () => {
    const track = await guest.get(`/track/${ids.track}`);
    expect(metaOf(track.body, 'og:type')).toBe('music.song');
    expect(metaOf(track.body, 'og:title')).toBe('Harbour Lights');
    expect(track.body).toContain('type="application/json+oembed"');
    const playlist = await guest.get(`/playlist/${playlists.open}`);
    expect(metaOf(playlist.body, 'og:type')).toBe('music.playlist');
    expect(metaOf(playlist.body, 'og:url')).toBe(
      `${APP_URL}/playlist/${playlists.open}/sunday-drive`,
    );
    const artist = await guest.get(`/artist/${ids.artist}`);
    expect(metaOf(artist.body, 'og:type')).toBe('profile');
    expect(metaOf(artist.body, 'og:title')).toBe('Neon Harbor');
    // An artist is shared as a link: there is no embed of one.
    expect(artist.body).not.toContain('application/json+oembed');
  });

  it('keeps the site default tags for what a guest may not see', async () => {
    for (const path of [
      `/playlist/${playlists.own}`,
      `/album/${ids.hiddenAlbum}`,
      '/album/999999',
    ]) {
      const page = await guest.get(path);
      expect(page.statusCode).toBe(200);
      expect(metaOf(page.body, 'og:type'), path).toBeUndefined();
      expect(page.body).not.toContain('Secret Diary');
      expect(page.body).not.toContain('application/json+oembed');
    }
  });
});
