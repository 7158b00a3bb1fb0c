import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importTrack } from '../modules/music/music.fixtures.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../test/test-app.js';
import { TestClient } from '../test/test-client.js';
import { inlineScriptsOf, scriptHashSource } from './security-headers.js';

let t: TestApp;
let web: string;
let admin: TestClient;

const ENTRY = '<script type="module" crossorigin src="/assets/app-7c1d.js"></script>';
const EMPTY_ROOT = '<div id="root"></div>';

// The web build's drawing of the landing page and the player's pages, as `vite build --ssr`
// leaves it beside the app: the landing page shows the site's name, a player page the name of
// the album its answers hold; each counts its drawings and fails for the name 'Broken'.
const PRERENDER = `
export function prerenderLanding(data) {
  globalThis.drawings = (globalThis.drawings ?? 0) + 1;
  const name = data.settings.branding.site_name;
  if (name === 'Broken') throw new Error('cannot draw');
  return '<main>' + name + ' at home</main>';
}
export async function prerenderPlayerPage(data, url, answers) {
  globalThis.playerDrawings = (globalThis.playerDrawings ?? 0) + 1;
  const name = Object.values(answers)[0].album.name;
  if (name === 'Broken') throw new Error('cannot draw');
  return '<main>' + name + ' at ' + url.pathname + '</main>';
}
`;
// The landing page's own build names its entry's file in a manifest of its own.
const LANDING_MANIFEST = JSON.stringify({
  'src/landing.tsx': { file: 'assets/landing-9e2f.js', src: 'src/landing.tsx', isEntry: true },
});

const drawings = () => (globalThis as { drawings?: number }).drawings ?? 0;
const playerDrawings = () => (globalThis as { playerDrawings?: number }).playerDrawings ?? 0;
const setSiteName = (name: string) =>
  admin.post('/api/v1/settings', { 'branding.site_name': name });

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-web-'));
  fs.writeFileSync(path.join(web, 'package.json'), '{ "type": "module" }');
  fs.mkdirSync(path.join(web, 'dist'));
  fs.mkdirSync(path.join(web, 'dist-ssr'));
  fs.writeFileSync(
    path.join(web, 'dist', 'index.html'),
    `<!doctype html><html lang="en"><head><!-- cadenza:head -->${ENTRY}</head><body>${EMPTY_ROOT}</body></html>`,
  );
  fs.writeFileSync(path.join(web, 'dist-ssr', 'prerender.js'), PRERENDER);
  fs.mkdirSync(path.join(web, 'dist', '.vite'));
  fs.writeFileSync(path.join(web, 'dist', '.vite', 'landing-manifest.json'), LANDING_MANIFEST);
  t = await createTestApp({ WEB_DIST: path.join(web, 'dist') });
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});
beforeEach(async () => {
  await admin.post('/api/v1/settings', {
    'branding.site_name': 'Cadenza',
    'homepage.type': 'landing',
  });
});

describe('the landing page drawn on the server', () => {
  it('comes inside a guest’s page, drawn once for every guest until a setting changes', async () => {
    const page = await new TestClient(t.app).get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"><main>Cadenza at home</main></div>');
    const before = drawings();
    const again = await new TestClient(t.app).get('/?from=newsletter');
    expect(again.body).toBe(page.body);
    expect(drawings()).toBe(before);

    await setSiteName('Cadenza Live');
    const changed = await new TestClient(t.app).get('/');
    expect(changed.body).toContain('<main>Cadenza Live at home</main>');
    expect(drawings()).toBe(before + 1);
  });

  it('starts the landing page’s own script after the first paint, as the page’s policy allows', async () => {
    const page = await new TestClient(t.app).get('/');
    expect(page.body).not.toContain(ENTRY);
    expect(page.body).not.toContain('app-7c1d.js');
    const starter = inlineScriptsOf(page.body).find((script) => script.includes('import('));
    expect(starter).toContain('import("/assets/landing-9e2f.js")');
    expect(starter).toContain("type: 'paint'");
    // Nothing on the landing page is formatted as it starts: no worker loads the locale data.
    expect(starter).not.toContain('new Worker(');
    expect(page.headers['content-security-policy']).toContain(scriptHashSource(starter!));
  });

  it('leaves other pages, members and other homepages to the app’s scripts', async () => {
    const other = await new TestClient(t.app).get('/discover');
    expect(other.body).toContain(EMPTY_ROOT);
    expect(other.body).toContain(ENTRY);

    const member = await admin.get('/');
    expect(member.body).toContain(EMPTY_ROOT);
    expect(member.body).toContain(ENTRY);

    await admin.post('/api/v1/settings', { 'homepage.type': 'login' });
    const login = await new TestClient(t.app).get('/');
    expect(login.body).toContain(EMPTY_ROOT);
    expect(login.body).toContain(ENTRY);
  });

  it('still serves the page, for the scripts to draw, when drawing fails', async () => {
    await setSiteName('Broken');
    const page = await new TestClient(t.app).get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(EMPTY_ROOT);
    expect(page.body).toContain(ENTRY);
    expect(page.body).toContain('<title>Broken</title>');
  });
});

describe('the player’s pages drawn on the server for guests', () => {
  const albumPage = async (album: string) => {
    const { albumId } = await importTrack(t.app, t.config.dataDir, { album });
    return `/album/${albumId}`;
  };

  it('come drawn from the answers in them, drawn once for every guest until those change', async () => {
    const pathname = await albumPage('Drawn Once');
    const page = await new TestClient(t.app).get(pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<div id="root"><main>Drawn Once at ${pathname}</main></div>`);
    expect(page.body).toContain('<script type="application/json" id="page-calls">');
    const before = playerDrawings();
    const again = await new TestClient(t.app).get(pathname);
    expect(again.body).toBe(page.body);
    expect(playerDrawings()).toBe(before);

    // Another song on the album changes its answer, and so the page.
    await importTrack(t.app, t.config.dataDir, { album: 'Drawn Once', title: 'Second Song' });
    const changed = await new TestClient(t.app).get(pathname);
    expect(changed.body).toContain('Second Song');
    expect(playerDrawings()).toBe(before + 1);
  });

  it('start the app’s script after the first paint, as the page’s policy allows', async () => {
    const page = await new TestClient(t.app).get(await albumPage('Started Later'));
    expect(page.body).not.toContain(ENTRY);
    const starter = inlineScriptsOf(page.body).find((script) => script.includes('import('));
    expect(starter).toContain('import("/assets/app-7c1d.js")');
    // The locale data is loaded by a worker, which the page's policy lets it start.
    expect(starter).toContain('new Worker(URL.createObjectURL(');
    expect(page.headers['content-security-policy']).toMatch(/worker-src [^;]*blob:/);
    expect(page.headers['content-security-policy']).toContain(scriptHashSource(starter!));
  });

  it('are left to the app’s scripts for members and for pages not drawn', async () => {
    const pathname = await albumPage('Members Draw Their Own');
    const member = await admin.get(pathname);
    expect(member.body).toContain(EMPTY_ROOT);
    expect(member.body).toContain(ENTRY);
    expect(member.body).toContain('id="page-calls"');

    const top = await new TestClient(t.app).get('/top-50');
    expect(top.body).toContain(EMPTY_ROOT);
    expect(top.body).toContain(ENTRY);
    expect(top.body).toContain('id="page-calls"');
  });

  it('are still served, for the scripts to draw, when drawing fails', async () => {
    const page = await new TestClient(t.app).get(await albumPage('Broken'));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(EMPTY_ROOT);
    expect(page.body).toContain(ENTRY);
    expect(page.body).toContain('id="page-calls"');
  });
});
