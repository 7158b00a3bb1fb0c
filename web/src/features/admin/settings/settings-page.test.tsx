import '../../../ui/test-utils';
import { SETTING_DEFINITIONS } from '@cadenza/contracts/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { mockApi, validationError } from '../../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { AdminArea } from '../admin-area';
import { SETTINGS_SCREENS } from './settings-screens';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const defaults = Object.fromEntries(
  Object.entries(SETTING_DEFINITIONS).map(([key, definition]) => [key, definition.value]),
);

function visit(path: string, secrets: Record<string, boolean> = {}) {
  const api = mockApi().on('GET /api/v1/settings', { settings: defaults, secrets });
  const user = makeUser({ permissionNames: ['admin.access', 'admin'] });
  renderScreen('/admin/*', path, AdminArea, makeBootstrap({ user }));
  return api;
}

describe('the settings screens', () => {
  it('place every setting an operator changes on a screen', () => {
    const shown = new Set(
      SETTINGS_SCREENS.flatMap((s) => s.groups.flatMap((g) => g.fields.map((f) => f.key))),
    );
    // Kept elsewhere: the appearance editor, the ad slots, the library import screen, and values
    // the site sets itself.
    const elsewhere =
      /^(menus|landing\.|themes\.|custom_code\.|library\.|ads\.|site\.demo|social\.\w+\.endpoints|homepage\.value|cookie_notice\.button)/;
    const missing = Object.keys(SETTING_DEFINITIONS).filter(
      (key) => !shown.has(key as never) && !elsewhere.test(key),
    );
    expect(missing).toEqual([]);
  });

  it('check a value as the admin types, and save only what changed', async () => {
    const api = visit('/admin/settings/general');
    const name = await screen.findByLabelText('Site name');
    await userEvent.clear(name);
    expect(await screen.findByText('The site needs a name.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);

    await userEvent.type(name, 'Loudhouse');
    api.on('POST /api/v1/settings', {
      settings: { ...defaults, 'branding.site_name': 'Loudhouse' },
      secrets: {},
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Settings saved'));
    expect(api.callsTo('POST /api/v1/settings')[0]!.body).toEqual({
      'branding.site_name': 'Loudhouse',
    });
  });

  it('show a saved credential as set, and send it only when a new one is typed', async () => {
    const api = visit('/admin/settings/authentication', { 'recaptcha.secret_key': true });
    const bot = await screen.findByRole('region', { name: 'Bot check (reCAPTCHA v3)' });
    const secret = within(bot).getByLabelText('Secret key');
    expect(within(bot).getByText('Saved. Type a new one to replace it.')).toBeTruthy();
    expect((secret as HTMLInputElement).value).toBe('');
    api.on(
      'POST /api/v1/settings',
      validationError({ 'recaptcha.site_key': 'The key is not valid.' }),
      422,
    );
    await userEvent.type(within(bot).getByLabelText('Site key'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The key is not valid.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/settings')[0]!.body).toEqual({ 'recaptcha.site_key': 'abc' });
  });

  it('send a test e-mail from the mail screen', async () => {
    const api = visit('/admin/settings/mail');
    api.on('POST /api/v1/admin/mail/test', {
      message: 'A test e-mail was sent to ada@example.com.',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send a test e-mail' }));
    await waitFor(() =>
      expect(currentToast()?.message).toBe('A test e-mail was sent to ada@example.com.'),
    );
  });

  it('show upload sizes in megabytes and store them in bytes', async () => {
    const api = visit('/admin/settings/uploads');
    const size = await screen.findByLabelText('Largest file (MB)');
    expect((size as HTMLInputElement).value).toBe('50');
    await userEvent.clear(size);
    await userEvent.type(size, '200');
    api.on('POST /api/v1/settings', { settings: defaults, secrets: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/settings')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/settings')[0]!.body).toEqual({
      'uploads.max_size': 200 * 1024 * 1024,
    });
  });
});
