import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTrack } from '../modules/music/music.fixtures.js';
import { createUser } from '../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../test/test-app.js';
import { bootstrapDataOf } from '../test/pages.js';
import { TestClient } from '../test/test-client.js';

let t: TestApp;
let webDist: string;

// The assertions read the data as plain JSON, as the page's script does.
const bootstrapOf = (html: string) => JSON.parse(JSON.stringify(bootstrapDataOf(html)));

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><!-- cadenza:head --></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app-3f2a1b.js'), 'console.log("app")');
  // The build's compressed copy of the script, as its last step writes it.
  fs.writeFileSync(
    path.join(webDist, 'assets', 'app-3f2a1b.js.br'),
    zlib.brotliCompressSync('console.log("app")'),
  );
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
  // The build's manifest: the entry, the player's layout and two screens, sharing chunks.
  const player = 'src/features/player';
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app-3f2a1b.js', isEntry: true, imports: ['_icons.js'] },
      '_icons.js': { file: 'assets/icons-77aa01.js' },
      '_store.js': { file: 'assets/player-store-c0ffee.js', imports: ['_icons.js'] },
      '_card.js': { file: 'assets/media-card-0b1e55.js', imports: ['_store.js'] },
      [`${player}/web-player.tsx`]: {
        file: 'assets/web-player-9d8e7f.js',
        imports: ['_store.js', '_icons.js'],
        dynamicImports: [`${player}/screens/discover/discover-screen.tsx`],
      },
      [`${player}/screens/discover/discover-screen.tsx`]: {
        file: 'assets/discover-screen-a1b2c3.js',
        imports: ['_card.js'],
      },
      [`${player}/screens/artist/artist-screen.tsx`]: {
        file: 'assets/artist-screen-d4e5f6.js',
        imports: ['_card.js', '_store.js'],
      },
    }),
  );
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('inlines bootstrap data for a guest into the page, never cached', async () => {
    const page = await new TestClient(t.app).get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    const data = bootstrapOf(page.body);
    expect(data.user).toBeNull();
    expect(data.guest_role.permissions.map((p: { name: string }) => p.name)).toEqual([
      'music.view',
    ]);
    expect(data.is_mobile_device).toBe(false);
    expect(data.i18n.language).toBe('en');
    expect(data.settings.branding.site_name).toBe('Cadenza');
    expect(data.settings.base_url).toBe(t.config.appUrl);
    expect(data.themes.map((theme: { name: string }) => theme.name)).toEqual(['Dark', 'Light']);
    expect(data.menus.map((menu: { id: string }) => menu.id)).toContain('footer');
    expect(page.body).toContain('<title>Cadenza</title>');
  });

  it('keeps secret settings out of the page', async () => {
    const data = bootstrapOf((await new TestClient(t.app).get('/')).body);
    expect(data.settings.recaptcha.secret_key).toBeUndefined();
    expect(data.settings.mail).toBeUndefined();
  });

  it('inlines the signed-in user with roles and permissions', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const data = bootstrapOf((await client.get('/admin')).body);
    expect(data.user.email).toBe(ADMIN_EMAIL);
    expect(data.user.roles.map((r: { name: string }) => r.name)).toContain('admin');
    expect(data.user.permissions.map((p: { name: string }) => p.name)).toContain('admin.access');
    expect(data.user).not.toHaveProperty('password');
  });

  it("gives each member's page their own data beside the site's, and a changed setting at once", async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    const pageData = async (client: TestClient) => bootstrapOf((await client.get('/search')).body);
    const apiData = async (client: TestClient) =>
      (await client.get('/api/v1/bootstrap-data')).json().bootstrapData;

    for (const client of [admin, member, admin]) {
      expect(await pageData(client)).toEqual(await apiData(client));
    }
    expect((await pageData(member)).user.email).toBe(user.email);
    try {
      await admin.post('/api/v1/settings', { 'branding.site_name': 'Cadenza Live' });
      for (const client of [member, admin]) {
        expect((await pageData(client)).settings.branding.site_name).toBe('Cadenza Live');
      }
    } finally {
      await admin.post('/api/v1/settings', { 'branding.site_name': 'Cadenza' });
    }
    expect((await pageData(member)).settings.branding.site_name).toBe('Cadenza');
  });

  it('flags mobile browsers', async () => {
    const page = await new TestClient(t.app).get('/', {
      headers: {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      },
    });
    expect(bootstrapOf(page.body).is_mobile_device).toBe(true);
  });

  it('escapes data so a setting cannot break out of the script element', async () => {
    const client = new TestClient(t.app);
    await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const evil = '</script><script>alert(1)</script>';
    expect(
      (await client.post('/api/v1/settings', { 'branding.site_description': evil })).statusCode,
    ).toBe(200);
    const page = await new TestClient(t.app).get('/');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(bootstrapOf(page.body).settings.branding.site_description).toBe(evil);
    expect(page.body).toContain('content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('serves the app for any client route, so reloads work', async () => {
    for (const url of ['/login', '/artist/1/queen', '/this/does/not/exist']) {
      const page = await new TestClient(t.app).get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
    }
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const client = new TestClient(t.app);
    const asset = await client.get('/assets/app-3f2a1b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await client.get('/favicon.svg')).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
  });

  it('serves built files without a session: no cookie comes with them', async () => {
    const asset = await new TestClient(t.app).get('/assets/app-3f2a1b.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['set-cookie']).toBeUndefined();
    // A page, though, gives a new visitor the session its forms need.
    const page = await new TestClient(t.app).get('/');
    expect(page.cookies.map((cookie) => cookie.name).sort()).toEqual([
      'XSRF-TOKEN',
      'cadenza_session',
    ]);
  });

  it('gives every guest the same page, and a changed setting at once', async () => {
    const first = await new TestClient(t.app).get('/search');
    const second = await new TestClient(t.app).get('/search');
    expect(second.body).toBe(first.body);
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    try {
      await admin.post('/api/v1/settings', { 'branding.site_name': 'Cadenza Live' });
      const changed = await new TestClient(t.app).get('/search');
      expect(changed.body).toContain('<title>Cadenza Live</title>');
      expect(bootstrapOf(changed.body).settings.branding.site_name).toBe('Cadenza Live');
    } finally {
      await admin.post('/api/v1/settings', { 'branding.site_name': 'Cadenza' });
    }
    // Each guest's page still carries their own language.
    const portuguese = await new TestClient(t.app).get('/search', {
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(bootstrapOf(portuguese.body).i18n.language).toBe('pt-BR');
    expect(portuguese.body).toContain('<html lang="pt-BR"');
  });

  it('sends the compressed copy of a built file to browsers that accept it', async () => {
    const client = new TestClient(t.app);
    const compressed = await client.get('/assets/app-3f2a1b.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app")');
    const plain = await client.get('/assets/app-3f2a1b.js', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('sends a guest’s page compressed to browsers that accept it, a member’s as it is', async () => {
    const get = (encoding: string) =>
      new TestClient(t.app).get('/', { headers: { 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const member = await admin.get('/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(member.headers['content-encoding']).toBeUndefined();
    expect(bootstrapOf(member.body).user.email).toBe(ADMIN_EMAIL);
  });

  it("has the browser fetch a player page's layout and screen with the app's entry", async () => {
    const guest = new TestClient(t.app);
    // Each after the entry, which runs first: at low priority.
    const preloaded = async (pathname: string) =>
      [...(await guest.get(pathname)).body.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(
        ([link]) => (link.includes('fetchpriority="low"') ? /href="([^"]+)"/.exec(link)![1] : link),
      );
    // The entry's own imports are the built page's to preload; each file is named once.
    expect(await preloaded('/discover')).toEqual([
      '/assets/web-player-9d8e7f.js',
      '/assets/player-store-c0ffee.js',
      '/assets/discover-screen-a1b2c3.js',
      '/assets/media-card-0b1e55.js',
    ]);
    expect(await preloaded('/artist/12/some-artist')).toEqual([
      '/assets/web-player-9d8e7f.js',
      '/assets/player-store-c0ffee.js',
      '/assets/artist-screen-d4e5f6.js',
      '/assets/media-card-0b1e55.js',
    ]);
    // A screen the build does not name: its layout alone.
    expect(await preloaded('/top-50')).toEqual([
      '/assets/web-player-9d8e7f.js',
      '/assets/player-store-c0ffee.js',
    ]);
    expect(await preloaded('/')).toEqual([]);
    expect(await preloaded('/login')).toEqual([]);
  });

  it('sends a guest’s player page with its answers compressed, a member’s as it is', async () => {
    const guest = new TestClient(t.app);
    const plain = await guest.get('/top-50', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('id="page-calls"');
    const brotli = await guest.get('/top-50', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await guest.get('/top-50', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    // Compressed once for every guest, and again as soon as the answers change.
    await importTrack(t.app, t.config.dataDir, { title: 'Freshly Charted' });
    const changed = await guest.get('/top-50', { headers: { 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(changed.rawPayload).toString()).toContain('Freshly Charted');

    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const member = await admin.get('/top-50', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(member.headers['content-encoding']).toBeUndefined();
    expect(member.body).toContain('id="page-calls"');
  });

  it('does not serve the raw template', async () => {
    const page = await new TestClient(t.app).get('/index.html');
    expect(page.body).toContain('id="bootstrap-data"');
  });

  it('returns bootstrap data from login and logout', async () => {
    const client = await new TestClient(t.app).visit();
    const login = await client.post('/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    expect(login.json().bootstrapData.user.email).toBe(ADMIN_EMAIL);
    const logout = await client.post('/auth/logout');
    expect(logout.json().bootstrapData.user).toBeNull();
  });
});
