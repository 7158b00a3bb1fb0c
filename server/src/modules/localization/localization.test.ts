import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { bootstrapDataOf } from '../../test/pages.js';
import { TestClient } from '../../test/test-client.js';
import { parseAcceptLanguage } from './localization.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The bootstrap data inlined into a page the client loads. */
async function pageBootstrap(client: TestClient, headers: Record<string, string> = {}) {
  const page = await client.get('/', { headers });
  return bootstrapDataOf(page.body);
}

describe('page language', () => {
  it('follows the browser for a guest, with the lines of every pt-BR file merged', async () => {
    const data = await pageBootstrap(new TestClient(t.app), {
      'accept-language': 'fr-FR,pt;q=0.8,en;q=0.5',
    });
    expect(data.i18n.language).toBe('pt-BR');
    expect(data.i18n.name).toBe('Português (Brasil)');
    // core.json and ui.json both reach the page.
    expect(data.i18n.lines.Pricing).toBe('Preços');
    expect(data.i18n.lines['Show password']).toBe('Mostrar senha');

    const english = await pageBootstrap(new TestClient(t.app), { 'accept-language': 'de' });
    expect(english.i18n.language).toBe('en');
    expect(english.i18n.lines).toEqual({});
  });

  it('reads Accept-Language by preference', () => {
    expect(parseAcceptLanguage('en;q=0.2, pt-BR, fr;q=0.9')).toEqual(['pt-BR', 'fr', 'en']);
    expect(parseAcceptLanguage('*, de;q=0')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe('POST /api/v1/users/me/locale', () => {
  it('a guest switches language, kept in a cookie for the next pages', async () => {
    const guest = await new TestClient(t.app).visit();
    const response = await guest.post('/api/v1/users/me/locale', { locale: 'pt-BR' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.locale).toBe('pt-BR');
    // The new lines come along so the page switches without a reload.
    expect(body.i18n.language).toBe('pt-BR');
    expect(body.i18n.lines['Take me there!']).toBe('Leve-me até lá!');
    expect(guest.cookies.get('locale')).toBe('pt-BR');

    const next = await pageBootstrap(guest, { 'accept-language': 'en-US' });
    expect(next.i18n.language).toBe('pt-BR');

    const back = await guest.post('/api/v1/users/me/locale', { locale: 'en' });
    expect(back.json()).toMatchObject({ locale: 'en', i18n: { language: 'en', lines: {} } });
    expect((await pageBootstrap(guest)).i18n.language).toBe('en');
  });

  it("saves a user's choice on the account, which follows them to another browser", async () => {
    const user = await createUser(t.app);
    const laptop = new TestClient(t.app);
    await laptop.login(user.email, user.plainPassword);
    const response = await laptop.post('/api/v1/users/me/locale', { locale: 'pt-br' });
    expect(response.statusCode).toBe(200);
    expect(response.json().locale).toBe('pt-BR');

    const phone = new TestClient(t.app);
    await phone.login(user.email, user.plainPassword);
    const data = await pageBootstrap(phone, { 'accept-language': 'en' });
    expect(data.user?.language).toBe('pt-BR');
    expect(data.i18n.language).toBe('pt-BR');
    expect((await t.app.services.users.findById(user.id))?.language).toBe('pt-BR');
  });

  it('changes only the caller: another user keeps their language', async () => {
    const [ana, bruno] = [await createUser(t.app), await createUser(t.app)];
    const anaClient = new TestClient(t.app);
    await anaClient.login(ana.email, ana.plainPassword);
    await anaClient.post('/api/v1/users/me/locale', { locale: 'pt-BR' });
    const brunoClient = new TestClient(t.app);
    await brunoClient.login(bruno.email, bruno.plainPassword);
    expect((await pageBootstrap(brunoClient)).i18n.language).toBe('en');
    expect((await t.app.services.users.findById(bruno.id))?.language).not.toBe('pt-BR');
  });

  it('refuses languages the site does not offer', async () => {
    const guest = await new TestClient(t.app).visit();
    for (const locale of ['fr', 'pt', '../../etc/passwd', '']) {
      const response = await guest.post('/api/v1/users/me/locale', { locale });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.locale).toBeTruthy();
    }
    expect(guest.cookies.has('locale')).toBe(false);
  });

  it('needs the anti-forgery token', async () => {
    const guest = await new TestClient(t.app).visit();
    const response = await guest.post(
      '/api/v1/users/me/locale',
      { locale: 'pt-BR' },
      { withoutXsrf: true },
    );
    expect(response.statusCode).toBe(419);
    expect(guest.cookies.has('locale')).toBe(false);
  });

  it('with languages switched off, every page uses the default language', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.post('/api/v1/settings', { 'i18n.enable': false });
    try {
      const guest = await new TestClient(t.app).visit();
      await guest.post('/api/v1/users/me/locale', { locale: 'pt-BR' });
      const data = await pageBootstrap(guest, { 'accept-language': 'pt-BR' });
      expect(data.i18n.language).toBe('en');
    } finally {
      await admin.post('/api/v1/settings', { 'i18n.enable': true });
    }
  });
});
