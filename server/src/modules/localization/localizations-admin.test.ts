import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t.close());

interface Listed {
  language: string;
  name: string;
  shipped: boolean;
  default: boolean;
  translated: number;
  total: number;
}
const languages = async () =>
  (await admin.get('/api/v1/admin/localizations')).json().localizations as Listed[];

describe('the admin API of localizations', () => {
  it('is closed to users (403) and guests (401)', async () => {
    const { client } = await signedInUser(t.app);
    const guest = await new TestClient(t.app).visit();
    for (const [method, url] of [
      ['GET', '/api/v1/admin/localizations'],
      ['POST', '/api/v1/admin/localizations'],
      ['DELETE', '/api/v1/admin/localizations/pt-BR'],
      ['GET', '/api/v1/admin/localizations/pt-BR/lines'],
      ['PUT', '/api/v1/admin/localizations/pt-BR/lines'],
    ] as const) {
      expect((await client.request(method, url, {})).statusCode, url).toBe(403);
      expect((await guest.request(method, url, {})).statusCode, url).toBe(401);
    }
  });

  it('lists the shipped languages with how much is translated', async () => {
    const list = await languages();
    expect(list.map((l) => [l.language, l.shipped, l.default])).toEqual([
      ['en', true, true],
      ['pt-BR', true, false],
    ]);
    const portuguese = list[1]!;
    expect(portuguese.total).toBeGreaterThan(500);
    expect(portuguese.translated).toBe(portuguese.total);
  });

  it('adds Spanish from English, translates a line, and pages show it at once', async () => {
    const added = await admin.post('/api/v1/admin/localizations', {
      language: 'es',
      name: 'Español',
    });
    expect(added.statusCode, added.body).toBe(200);
    const spanish = (await languages()).find((l) => l.language === 'es')!;
    expect(spanish).toMatchObject({ shipped: false, translated: 0 });

    const missing = (
      await admin.get('/api/v1/admin/localizations/es/lines?missing=true&query=sign in&perPage=5')
    ).json().pagination;
    expect(missing.total).toBeGreaterThan(0);
    expect(missing.data[0]).toMatchObject({ value: '', shipped: null });

    const saved = await admin.request('PUT', '/api/v1/admin/localizations/es/lines', {
      lines: { 'Log in': 'Iniciar sesión' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const line = (await admin.get('/api/v1/admin/localizations/es/lines?query=Iniciar')).json()
      .pagination.data;
    expect(line).toEqual([{ key: 'Log in', value: 'Iniciar sesión', shipped: null }]);
    expect(
      (await admin.get('/api/v1/admin/localizations/es/lines?missing=true&query=Log in'))
        .json()
        .pagination.data.map((l: { key: string }) => l.key),
    ).not.toContain('Log in');

    // A visitor who prefers Spanish gets the line in the page's bootstrap data.
    const page = await new TestClient(t.app).get('/', {
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(page.body).toContain('"language":"es"');
    expect(page.body).toContain('"Log in":"Iniciar sesión"');

    const { pagination } = (
      await admin.get('/api/v1/admin/audit-log?subject_type=localization&subject_id=es')
    ).json();
    expect(pagination.data.map((e: { action: string }) => e.action).reverse()).toEqual([
      'localization.created',
      'localization.lines_saved',
    ]);
  });

  it('corrects a shipped line, and an empty value brings the shipped one back', async () => {
    const shipped = (await admin.get('/api/v1/admin/localizations/pt-BR/lines?query=Log in'))
      .json()
      .pagination.data.find((l: { key: string }) => l.key === 'Log in');
    await admin.request('PUT', '/api/v1/admin/localizations/pt-BR/lines', {
      lines: { 'Log in': 'Acessar' },
    });
    const changed = (await admin.get('/api/v1/admin/localizations/pt-BR/lines?query=Acessar'))
      .json()
      .pagination.data.find((l: { key: string }) => l.key === 'Log in');
    expect(changed).toEqual({ key: 'Log in', value: 'Acessar', shipped: shipped.shipped });
    await admin.request('PUT', '/api/v1/admin/localizations/pt-BR/lines', {
      lines: { 'Log in': '' },
    });
    const back = (await admin.get('/api/v1/admin/localizations/pt-BR/lines?query=Log in'))
      .json()
      .pagination.data.find((l: { key: string }) => l.key === 'Log in');
    expect(back.value).toBe(shipped.shipped);
  });

  it('refuses bad input with clear messages', async () => {
    const code = await admin.post('/api/v1/admin/localizations', {
      language: 'Spanish',
      name: 'x',
    });
    expect(code.json().errors.language).toEqual(['Use a language code such as es or fr-CA.']);
    const twice = await admin.post('/api/v1/admin/localizations', { language: 'pt-br', name: 'x' });
    expect(twice.json().errors.language).toBe('This language exists already.');
    const unknown = await admin.request('PUT', '/api/v1/admin/localizations/pt-BR/lines', {
      lines: { 'Not a line of the app': 'x' },
    });
    expect(unknown.json().errors.lines).toBe('Unknown line: Not a line of the app');
    const english = await admin.request('PUT', '/api/v1/admin/localizations/en/lines', {
      lines: { 'Log in': 'Sign in' },
    });
    expect(english.statusCode).toBe(422);
    expect((await admin.request('DELETE', '/api/v1/admin/localizations/pt-BR')).statusCode).toBe(
      422,
    );
    expect((await admin.get('/api/v1/admin/localizations/xx/lines')).statusCode).toBe(404);
  });

  it('deletes an added language, never the default one', async () => {
    await admin.post('/api/v1/admin/localizations', { language: 'fr', name: 'Français' });
    await admin.post('/api/v1/settings', { 'i18n.default_locale': 'fr' });
    const refused = await admin.request('DELETE', '/api/v1/admin/localizations/fr');
    expect(refused.json().errors.language).toBe(
      'Make another language the default before deleting this one.',
    );
    await admin.post('/api/v1/settings', { 'i18n.default_locale': 'en' });
    expect((await admin.request('DELETE', '/api/v1/admin/localizations/fr')).statusCode).toBe(200);
    expect((await languages()).map((l) => l.language)).not.toContain('fr');
  });
});
