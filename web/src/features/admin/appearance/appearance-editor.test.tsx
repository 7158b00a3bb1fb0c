import '../../../ui/test-utils';
import { SETTING_DEFINITIONS } from '@cadenza/contracts/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { mockApi } from '../../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../../auth/testing/render-screen';
import { AdminArea } from '../admin-area';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const defaults = Object.fromEntries(
  Object.entries(SETTING_DEFINITIONS).map(([key, definition]) => [key, definition.value]),
);
const dark = {
  id: 1,
  name: 'Dark',
  is_dark: true,
  default_light: false,
  default_dark: true,
  values: { '--bg': '#0f0f12', '--primary': '#1ed760' },
};
const light = {
  ...dark,
  id: 2,
  name: 'Light',
  is_dark: false,
  default_light: true,
  default_dark: false,
};

function visit(path: string) {
  const api = mockApi()
    .on('GET /api/v1/settings', { settings: defaults, secrets: {} })
    .on('GET /api/v1/admin/themes', { themes: [dark, light] });
  const user = makeUser({ permissionNames: ['admin.access', 'appearance.update'] });
  renderScreen('/admin/*', path, AdminArea, makeBootstrap({ user }));
  return api;
}

describe('the appearance editor', () => {
  it('checks theme values as the admin types and saves only the changed theme', async () => {
    const api = visit('/admin/appearance/themes/1');
    const accent = await screen.findByRole('textbox', { name: 'Accent' });
    await userEvent.clear(accent);
    await userEvent.type(accent, 'url(x)');
    expect(await screen.findByText('Enter a colour, a size or a font name.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(currentToast()?.message).toBe('Theme Dark: Enter a colour, a size or a font name.'),
    );
    expect(api.callsTo('PUT /api/v1/admin/themes/1')).toHaveLength(0);

    await userEvent.clear(accent);
    await userEvent.type(accent, '#ff0000');
    api.on('PUT /api/v1/admin/themes/1', {
      theme: { ...dark, values: { ...dark.values, '--primary': '#ff0000' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Appearance saved'));
    expect(api.callsTo('PUT /api/v1/admin/themes/1')[0]!.body).toMatchObject({
      name: 'Dark',
      values: { '--primary': '#ff0000' },
    });
    expect(api.callsTo('PUT /api/v1/admin/themes/2')).toHaveLength(0);
    expect(api.callsTo('POST /api/v1/settings')).toHaveLength(0);
  });

  it('asks before leaving with unsaved changes, and lets the admin stay or go', async () => {
    visit('/admin/appearance/themes/1');
    const accent = await screen.findByRole('textbox', { name: 'Accent' });
    await userEvent.clear(accent);
    await userEvent.type(accent, '#ff0000');
    // The editor's own panels are one screen: moving between them keeps the changes.
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await userEvent.click(await screen.findByRole('link', { name: /^Dark/ }));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Accent' })).value).toBe(
      '#ff0000',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Back to the site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Accent' }).value).toBe('#ff0000');

    await userEvent.click(screen.getByRole('link', { name: 'Back to the site' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole(
        'button',
        { name: 'Leave' },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Elsewhere: /' })).toBeTruthy();
  });

  it('moves the default mark in the draft, so the two themes are saved in the right order', async () => {
    const api = visit('/admin/appearance/themes/2');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Default dark theme' }));
    api
      .on('PUT /api/v1/admin/themes/1', { theme: { ...dark, default_dark: false } })
      .on('PUT /api/v1/admin/themes/2', { theme: { ...light, default_dark: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Appearance saved'));
    const order = api.calls.filter((call) => call.method === 'PUT').map((call) => call.path);
    expect(order).toEqual(['/api/v1/admin/themes/2', '/api/v1/admin/themes/1']);
  });

  it('adds a menu item for subscribers and saves the menus setting alone', async () => {
    const api = visit('/admin/appearance/menus');
    await userEvent.click(await screen.findByRole('button', { name: 'New menu' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Navigation bar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Give the item a label.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /^Label/ }), 'Members');
    await userEvent.clear(screen.getByRole('textbox', { name: /^Path/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Path/ }), 'discover');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A page of the site starts with /.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /^Path/ }), '{Home}/');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('/discover');

    api.on('POST /api/v1/settings', { settings: defaults, secrets: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentToast()?.message).toBe('Appearance saved'));
    const body = api.callsTo('POST /api/v1/settings')[0]!.body as { menus: unknown[] };
    expect(Object.keys(body)).toEqual(['menus']);
    expect(body.menus).toEqual([
      expect.objectContaining({
        name: 'New menu',
        positions: ['primary'],
        items: [expect.objectContaining({ label: 'Members', action: '/discover', type: 'route' })],
      }),
    ]);
  });
});
