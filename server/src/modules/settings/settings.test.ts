import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LANDING_CONTENT } from '@cadenza/contracts/landing-defaults';
import { createUser } from '../../test/factories.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';
import { TestClient } from '../../test/test-client.js';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('settings', () => {
  it('are seeded with their defaults', async () => {
    const { settings } = (await admin.get('/api/v1/settings')).json();
    expect(settings['branding.site_name']).toBe('Cadenza');
    expect(settings['registration.disable']).toBe(false);
    expect(settings['homepage.type']).toBe('landing');
    expect(settings['api.integrated']).toBe(true);
    expect(settings.menus.length).toBeGreaterThan(0);
  });

  it('an admin changes them, and pages show the change at once', async () => {
    const saved = await admin.post('/api/v1/settings', {
      'branding.site_name': 'Loudhouse',
      'registration.disable': true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings['branding.site_name']).toBe('Loudhouse');
    const page = await new TestClient(t.app).get('/');
    expect(page.body).toContain('<title>Loudhouse</title>');
    expect(page.body).toContain('"registration":{"disable":true');
  });

  it('rejects unknown keys and values of the wrong type', async () => {
    const unknown = await admin.post('/api/v1/settings', { 'no.such.key': 1 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['no.such.key']).toBe('Unknown setting: no.such.key');
    const wrongType = await admin.post('/api/v1/settings', { 'billing.enable': 'yes' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors['billing.enable']).toMatch(/wrong type/);
  });

  it('refuses values their schema does not allow, with an error on each key', async () => {
    const refused = await admin.post('/api/v1/settings', {
      'branding.site_name': null,
      'branding.site_description': 'x'.repeat(900 * 1024),
      'homepage.type': 'dashboard',
      'dates.default_timezone': 'Mars/Olympus',
      'uploads.max_size': -5,
      'landing.content': { ...DEFAULT_LANDING_CONTENT, headerImageOpacity: 7 },
      'registration.policies': [{ id: 'terms' }],
    });
    expect(refused.statusCode).toBe(422);
    const { errors } = refused.json();
    expect(Object.keys(errors).sort()).toEqual([
      'branding.site_description',
      'branding.site_name',
      'dates.default_timezone',
      'homepage.type',
      'landing.content',
      'registration.policies',
      'uploads.max_size',
    ]);
    expect(errors['branding.site_name']).toBe('The branding.site_name setting has the wrong type.');
    expect(errors['branding.site_description']).toBe(
      'The text may not be longer than 500 characters.',
    );
    expect(errors['dates.default_timezone']).toBe('Choose a timezone from the list.');
    expect(errors['landing.content']).toMatch(/\(headerImageOpacity\)$/);
    // Nothing of the refused change was kept, and the pages still render.
    const page = await new TestClient(t.app).get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Loudhouse</title>');
  });

  it('keeps values as their schema reads them: trimmed, without control characters', async () => {
    const saved = await admin.post('/api/v1/settings', {
      'branding.site_name': '  Night\u202Eshift\u0000  ',
    });
    expect(saved.json().settings['branding.site_name']).toBe('Nightshift');
    expect(
      (await admin.post('/api/v1/settings', { 'branding.site_name': '   ' })).json().errors,
    ).toEqual({ 'branding.site_name': 'The site needs a name.' });
  });

  it('falls back to the default for a stored value that does not fit its schema', async () => {
    await t.db.kysely
      .updateTable('settings')
      .set({ value: 'null' })
      .where('name', '=', 'branding.site_name')
      .execute();
    await admin.post('/api/v1/settings', {});
    const page = await new TestClient(t.app).get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Cadenza</title>');
  });

  it('are closed to users and guests', async () => {
    const user = await createUser(t.app);
    const member = new TestClient(t.app);
    await member.login(user.email, user.plainPassword);
    expect((await member.get('/api/v1/settings')).statusCode).toBe(403);
    expect((await member.post('/api/v1/settings', { 'billing.enable': true })).statusCode).toBe(
      403,
    );
    const guest = await new TestClient(t.app).visit();
    expect((await guest.post('/api/v1/settings', { 'billing.enable': true })).statusCode).toBe(401);
    expect((await admin.get('/api/v1/settings')).json().settings['billing.enable']).toBe(false);
  });

  it('never return a saved credential: only whether one is set', async () => {
    await admin.post('/api/v1/settings', { 'recaptcha.secret_key': 'server-secret-value' });
    const read = (await admin.get('/api/v1/settings')).json();
    expect(read.settings['recaptcha.secret_key']).toBe('');
    expect(read.secrets['recaptcha.secret_key']).toBe(true);
    expect(read.secrets['social.google.client_secret']).toBe(false);
    expect(JSON.stringify(read)).not.toContain('server-secret-value');
    // The form sends an untouched credential empty: the saved one stays.
    await admin.post('/api/v1/settings', { 'recaptcha.secret_key': '', 'recaptcha.site_key': 'k' });
    expect(await t.app.services.settings.get('recaptcha.secret_key')).toBe('server-secret-value');
    // null clears it.
    await admin.post('/api/v1/settings', { 'recaptcha.secret_key': null });
    expect((await admin.get('/api/v1/settings')).json().secrets['recaptcha.secret_key']).toBe(
      false,
    );
    // The audit log names the change without the value.
    const { pagination } = (
      await admin.get('/api/v1/admin/audit-log?subject_type=settings')
    ).json();
    expect(JSON.stringify(pagination.data)).not.toContain('server-secret-value');
    const saved = (pagination.data as { after: Record<string, unknown> }[]).find(
      (entry) => entry.after['recaptcha.secret_key'] === 'set',
    );
    expect(saved).toMatchObject({
      action: 'settings.updated',
      before: { 'recaptcha.secret_key': 'not set' },
    });
  });

  it('records each change in the audit log, before and after', async () => {
    await admin.post('/api/v1/settings', { 'cookie_notice.position': 'top' });
    const { pagination } = (
      await admin.get('/api/v1/admin/audit-log?subject_type=settings')
    ).json();
    expect(pagination.data[0]).toMatchObject({
      action: 'settings.updated',
      before: { 'cookie_notice.position': 'bottom' },
      after: { 'cookie_notice.position': 'top' },
    });
  });

  it('are changed section by section: each key needs its section’s permission', async () => {
    const siteAdmin = (await t.app.services.users.findByEmail(ADMIN_EMAIL))!;
    const ads = await t.app.services.rolesAdmin.create(
      { user: siteAdmin, ip: '127.0.0.1' },
      {
        name: 'Ad managers',
        default: false,
        permissions: [
          { name: 'admin.access', restrictions: [] },
          { name: 'ads.update', restrictions: [] },
        ],
      },
    );
    const registration = await t.app.services.settings.get('registration.disable');
    const user = await createUser(t.app, { roles: [ads.name] });
    const manager = new TestClient(t.app);
    await manager.login(user.email, user.plainPassword);
    expect((await manager.get('/api/v1/settings')).statusCode).toBe(200);
    const slot = await manager.post('/api/v1/settings', { 'ads.artist_top': '<b>ad</b>' });
    expect(slot.statusCode).toBe(200);
    const other = await manager.post('/api/v1/settings', {
      'ads.artist_top': '',
      'registration.disable': !registration,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You may not change: registration.disable.');
    expect(await t.app.services.settings.get('ads.artist_top')).toBe('<b>ad</b>');
    expect(await t.app.services.settings.get('registration.disable')).toBe(registration);
  });
});
