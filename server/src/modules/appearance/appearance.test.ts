import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { multipartFile } from '../../test/multipart.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  signedInAdmin,
  type TestApp,
} from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';
import { createScriptPreviews } from './script-previews.js';

/* The appearance editor's calls: themes, custom code, script drafts and landing pictures. */

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t.app);
});
afterAll(() => t.close());

interface Theme {
  id: number;
  name: string;
  is_dark: boolean;
  default_light: boolean;
  default_dark: boolean;
  values: Record<string, string>;
}

const themes = async () => (await admin.get('/api/v1/admin/themes')).json().themes as Theme[];
const bootstrapThemes = async (client: TestClient) =>
  (await client.get('/api/v1/bootstrap-data')).json().bootstrapData.themes as Theme[];

async function auditActions(type: string, id: number | string) {
  const { pagination } = (
    await admin.get(`/api/v1/admin/audit-log?subject_type=${type}&subject_id=${id}`)
  ).json();
  return (pagination.data as { action: string }[]).map((entry) => entry.action).reverse();
}

const ocean = {
  name: 'Ocean',
  is_dark: true,
  default_light: false,
  default_dark: false,
  values: { '--bg': '#04131f', '--primary': '#2bb3ff', '--font-family': 'Georgia, serif' },
};

describe('the themes editor API', () => {
  it('creates, changes and deletes a theme that visitors then get, auditing each step', async () => {
    const created = await admin.post('/api/v1/admin/themes', ocean);
    expect(created.statusCode, created.body).toBe(200);
    const theme = created.json().theme as Theme;
    expect(theme).toMatchObject(ocean);

    const guest = new TestClient(t.app);
    // The bootstrap data keeps themes until one changes; a write forgets them at once.
    expect((await bootstrapThemes(guest)).map((x) => x.name)).toContain('Ocean');

    const changed = await admin.put(`/api/v1/admin/themes/${theme.id}`, {
      ...ocean,
      name: 'Deep ocean',
      values: { ...ocean.values, '--primary': '#ff7a00' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const seen = (await bootstrapThemes(guest)).find((x) => x.id === theme.id)!;
    expect(seen).toMatchObject({ name: 'Deep ocean', values: { '--primary': '#ff7a00' } });

    expect((await admin.delete(`/api/v1/admin/themes/${theme.id}`)).statusCode).toBe(200);
    expect((await bootstrapThemes(guest)).map((x) => x.id)).not.toContain(theme.id);
    expect(await auditActions('theme', theme.id)).toEqual([
      'theme.created',
      'theme.updated',
      'theme.deleted',
    ]);
  });

  it('moves the default mark: one default light and one default dark theme at any time', async () => {
    const before = await themes();
    const dark = before.find((x) => x.default_dark)!;
    const night = (
      await admin.post('/api/v1/admin/themes', { ...ocean, name: 'Night', default_dark: true })
    ).json().theme as Theme;

    const after = await themes();
    expect(after.filter((x) => x.default_dark).map((x) => x.id)).toEqual([night.id]);
    expect(after.find((x) => x.id === dark.id)?.default_dark).toBe(false);

    // The default dark theme can be neither deleted nor unmarked: another takes the mark first.
    const refused = await admin.delete(`/api/v1/admin/themes/${night.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This is a default theme. Make another theme the default before deleting it.',
    );
    const unmarked = await admin.put(`/api/v1/admin/themes/${night.id}`, {
      ...ocean,
      name: 'Night',
    });
    expect(unmarked.statusCode).toBe(422);
    expect(unmarked.json().errors.default_dark).toBe(
      'Make another theme the default dark theme first.',
    );

    await admin.put(`/api/v1/admin/themes/${dark.id}`, { ...dark, default_dark: true });
    expect((await admin.delete(`/api/v1/admin/themes/${night.id}`)).statusCode).toBe(200);
  });

  it('forgets the site default when its theme is deleted', async () => {
    const theme = (await admin.post('/api/v1/admin/themes', ocean)).json().theme as Theme;
    await admin.post('/api/v1/settings', { 'themes.default_id': theme.id });
    await admin.delete(`/api/v1/admin/themes/${theme.id}`);
    const { settings } = (await admin.get('/api/v1/settings')).json();
    expect(settings['themes.default_id']).toBeNull();
  });

  it('refuses values that could load or inject anything, with the field named', async () => {
    for (const value of [
      'url(https://evil.example/x.png)',
      'red; background: red',
      '} body { display: none',
      '</style>',
    ]) {
      const response = await admin.post('/api/v1/admin/themes', {
        ...ocean,
        values: { '--bg': value },
      });
      expect(response.statusCode, value).toBe(422);
      expect(response.json().errors['values.--bg']).toEqual([
        'Enter a colour, a size or a font name.',
      ]);
    }
    const badName = await admin.post('/api/v1/admin/themes', {
      ...ocean,
      name: '',
      values: { color: 'red' },
    });
    expect(badName.statusCode).toBe(422);
    expect(badName.json().errors).toMatchObject({ name: ['Give the theme a name.'] });
    expect(Object.keys(badName.json().errors)).toContain('values.color');
  });

  it('answers 404 for a theme that does not exist', async () => {
    const response = await admin.put('/api/v1/admin/themes/99999', ocean);
    expect(response.statusCode).toBe(404);
  });
});

describe('custom code', () => {
  it('is served as files of the site and linked from public pages, never from the admin area', async () => {
    const saved = await admin.post('/api/v1/settings', {
      'custom_code.css': '.navbar { outline: 2px solid hotpink; }',
      'custom_code.js': 'document.documentElement.dataset.custom = "yes";',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const guest = new TestClient(t.app);
    const page = await guest.get('/');
    const css = /href="(\/custom-code\/custom\.css\?v=\w+)"/.exec(page.body)?.[1];
    const js = /src="(\/custom-code\/custom\.js\?v=\w+)"/.exec(page.body)?.[1];
    expect(css).toBeDefined();
    expect(js).toBeDefined();
    // Loaded from the site's own origin, so the policy needs no exception for inline code.
    const scriptSources = /script-src ([^;]*)/.exec(
      String(page.headers['content-security-policy']),
    );
    expect(scriptSources?.[1]).toContain("'self'");
    expect(scriptSources?.[1]).not.toContain('unsafe-inline');

    const cssFile = await guest.get(css!);
    expect(cssFile.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(cssFile.headers['cache-control']).toContain('immutable');
    expect(cssFile.body).toBe('.navbar { outline: 2px solid hotpink; }');
    const jsFile = await guest.get(js!);
    expect(jsFile.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(jsFile.body).toContain('dataset.custom');

    // The admin area never loads it: a broken script cannot lock the admins out.
    const adminPage = await admin.get('/admin/appearance');
    expect(adminPage.body).not.toContain('/custom-code/');

    // An old version is answered fresh rather than kept for a year.
    expect((await guest.get('/custom-code/custom.css?v=old')).headers['cache-control']).toBe(
      'no-cache',
    );
  });

  it('links nothing when there is no custom code, and keeps settings changes audited', async () => {
    await admin.post('/api/v1/settings', { 'custom_code.css': '', 'custom_code.js': '' });
    expect((await new TestClient(t.app).get('/')).body).not.toContain('/custom-code/');
    const { pagination } = (
      await admin.get('/api/v1/admin/audit-log?subject_type=settings')
    ).json();
    expect(JSON.stringify(pagination.data[0].after)).toContain('custom_code.css');
  });

  it('keeps the code out of the public bootstrap data', async () => {
    await admin.post('/api/v1/settings', { 'custom_code.js': 'console.log("hidden")' });
    const data = (await new TestClient(t.app).get('/api/v1/bootstrap-data')).body;
    expect(data).not.toContain('hidden');
    await admin.post('/api/v1/settings', { 'custom_code.js': '' });
  });

  it('forgets a script draft after an hour, and keeps an author’s latest fifty', async () => {
    let now = Date.parse('2026-12-01T10:00:00Z');
    const previews = createScriptPreviews({ db: t.db.kysely, now: () => now });
    const { user } = await signedInUser(t.app);
    const first = await previews.keep(user.id, 'first();');
    now += 59 * 60_000;
    expect(await previews.read(user.id, first)).toBe('first();');
    now += 2 * 60_000;
    expect(await previews.read(user.id, first)).toBeUndefined();

    const tokens: string[] = [];
    for (let i = 0; i < 51; i++) {
      now += 1000;
      tokens.push(await previews.keep(user.id, `draft${i}();`));
    }
    expect(await previews.read(user.id, tokens[0]!)).toBeUndefined();
    expect(await previews.read(user.id, tokens[1]!)).toBe('draft1();');
    expect(await previews.read(user.id, tokens[50]!)).toBe('draft50();');
  });

  it('serves a script draft only to the admin who wrote it', async () => {
    const draft = await admin.post('/api/v1/admin/appearance/script-preview', {
      js: 'window.previewed = true;',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const { url } = draft.json() as { url: string };
    const served = await admin.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(served.body).toBe('window.previewed = true;');

    const other = new TestClient(t.app);
    await other.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { client: listener } = await signedInUser(t.app);
    expect((await listener.get(url)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
    // Another session of the same admin is the same author.
    expect((await other.get(url)).statusCode).toBe(200);
    const unknown = url.replace(/[0-9a-f]{32}$/, '0'.repeat(32));
    expect((await admin.get(unknown)).statusCode).toBe(404);
  });
});

describe('landing page pictures', () => {
  const upload = (client: TestClient, data: Buffer, type = 'image/png') => {
    const form = multipartFile(data, { filename: 'hero.png', type });
    return client.request('POST', '/api/v1/admin/appearance/images', form.body, {
      headers: form.headers,
    });
  };

  it('are checked by content, scaled and stored as WebP', async () => {
    const png = await sharp({
      create: { width: 3000, height: 1000, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const response = await upload(admin, png);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(/^\/storage\/appearance\/[\w-]+\.webp$/);
    const stored = await sharp((await admin.get(url)).rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 2400, height: 800 });

    const text = await upload(admin, Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toBe('The file must be a PNG, JPEG, WebP, GIF or AVIF image.');
  });
});

describe('access to the appearance API', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/themes'],
    ['POST', '/api/v1/admin/themes', ocean],
    ['PUT', '/api/v1/admin/themes/1', ocean],
    ['DELETE', '/api/v1/admin/themes/1'],
    ['POST', '/api/v1/admin/appearance/script-preview', { js: '' }],
    ['POST', '/api/v1/admin/appearance/images'],
  ];

  it('is refused to listeners (403) and guests (401)', async () => {
    const { client: listener } = await signedInUser(t.app);
    const guest = new TestClient(t.app);
    for (const [method, url, body] of calls) {
      expect((await listener.request(method as 'GET', url, body)).statusCode, url).toBe(403);
      expect((await guest.request(method as 'GET', url, body)).statusCode, url).toBe(401);
    }
    const refused = await listener.post('/api/v1/settings', { 'custom_code.js': 'alert(1)' });
    expect(refused.statusCode).toBe(403);
  });

  it('opens to a holder of appearance.update alone', async () => {
    const { user, client } = await signedInUser(t.app);
    const role = await admin.post('/api/v1/admin/roles', {
      name: 'Designers',
      permissions: [{ name: 'appearance.update', restrictions: [] }],
    });
    expect(role.statusCode, role.body).toBe(200);
    await t.app.services.permissions.assignRole(user.id, 'Designers');
    expect((await client.get('/api/v1/admin/themes')).statusCode).toBe(200);
    expect((await client.post('/api/v1/settings', { 'custom_code.css': 'a{}' })).statusCode).toBe(
      200,
    );
    // Appearance is not the mail settings.
    const mail = await client.post('/api/v1/settings', { 'mail.from_name': 'Designers' });
    expect(mail.statusCode).toBe(403);
    await admin.post('/api/v1/settings', { 'custom_code.css': '' });
  });
});
