import '../../ui/test-utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '../../api/bootstrap';
import { makeBootstrap } from '../../app/testing/bootstrap-factory';
import { currentToast, renderScreen, resetScreenState } from '../auth/testing/render-screen';
import { AccountSettingsPage } from './account-settings-page';
import { accountBootstrap, accountUser, mockAccountApi } from './testing/account-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const RECOVERY_CODES = ['aaaaaaaaaa-aaaaaaaaaa', 'bbbbbbbbbb-bbbbbbbbbb'];

async function visit(api = mockAccountApi(), user = accountUser()) {
  const view = renderScreen(
    '/account-settings',
    '/account-settings',
    AccountSettingsPage,
    accountBootstrap(user),
  );
  await screen.findByRole('heading', { name: 'Name and profile image' });
  return { ...view, api };
}

const panel = (id: string) => within(document.getElementById(id)!);

describe('password confirmation', () => {
  it('asks for the password when it was not confirmed recently, then continues', async () => {
    const { api } = await visit();
    api
      .on('GET /auth/user/confirmed-password-status', { confirmed: false })
      .on('POST /auth/user/confirm-password', {})
      .on('POST /auth/user/two-factor-authentication', {
        two_factor_state: 1,
        recovery_codes: RECOVERY_CODES,
      })
      .on('GET /auth/user/two-factor/qr-code', { svg: '<svg></svg>', secret: 'JBSWY3DPEHPK3PXP' });
    const user = userEvent.setup();
    await user.click(panel('two-factor').getByRole('button', { name: 'Enable' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    expect(api.callsTo('GET /auth/user/confirmed-password-status')[0]!.query.get('seconds')).toBe(
      '9000',
    );
    expect(api.callsTo('POST /auth/user/two-factor-authentication')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Password/), 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(api.callsTo('POST /auth/user/two-factor-authentication')).toHaveLength(1),
    );
    expect(api.callsTo('POST /auth/user/confirm-password')[0]!.body).toEqual({
      password: 'my-password',
    });
  });

  it('keeps the dialog open with the error when the password is wrong', async () => {
    const { api } = await visit();
    api
      .on('GET /auth/user/confirmed-password-status', { confirmed: false })
      .on(
        'POST /auth/user/confirm-password',
        { message: 'Invalid', errors: { password: ['The provided password was incorrect.'] } },
        422,
      );
    const user = userEvent.setup();
    await user.click(panel('two-factor').getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The provided password was incorrect.')).toBeTruthy();
    expect(api.callsTo('POST /auth/user/two-factor-authentication')).toHaveLength(0);
  });
});

describe('two-factor authentication', () => {
  it('enables, shows the QR code, secret and recovery codes, and confirms with a code', async () => {
    const api = mockAccountApi();
    await visit(api);
    api
      .on('GET /auth/user/confirmed-password-status', { confirmed: true })
      .on('POST /auth/user/two-factor-authentication', {
        two_factor_state: 1,
        recovery_codes: RECOVERY_CODES,
      })
      .on('GET /auth/user/two-factor/qr-code', {
        svg: '<svg data-qr="yes"></svg>',
        secret: 'JBSWY3DPEHPK3PXP',
      })
      .on('POST /auth/user/confirmed-two-factor-authentication', { two_factor_state: 2 });
    const user = userEvent.setup();
    expect(
      panel('two-factor').getByText('You have not enabled two factor authentication.'),
    ).toBeTruthy();
    await user.click(panel('two-factor').getByRole('button', { name: 'Enable' }));

    expect(await panel('two-factor').findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(panel('two-factor').getByRole('img', { name: 'QR code' }).innerHTML).toContain(
      'data-qr',
    );
    expect(panel('two-factor').getByText('aaaaaaaaaa-aaaaaaaaaa')).toBeTruthy();
    expect(
      panel('two-factor').getByText('Finish enabling two factor authentication.'),
    ).toBeTruthy();

    await user.type(panel('two-factor').getByLabelText(/^Code/), '12345');
    await user.click(panel('two-factor').getByRole('button', { name: 'Confirm' }));
    expect(await panel('two-factor').findByText('The code must be 6 characters.')).toBeTruthy();

    api.on('GET /api/v1/users/me', {
      user: accountUser({ two_factor_confirmed_at: new Date().toISOString() }),
    });
    await user.type(panel('two-factor').getByLabelText(/^Code/), '6');
    await user.click(panel('two-factor').getByRole('button', { name: 'Confirm' }));
    expect(
      await panel('two-factor').findByText('You have enabled two factor authentication.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /auth/user/confirmed-two-factor-authentication')[0]!.body).toEqual({
      code: '123456',
    });
    expect(
      panel('two-factor').getByRole('button', { name: 'Regenerate recovery codes' }),
    ).toBeTruthy();
  });

  it('still asks for the confirming code after a reload while two-factor waits for it', async () => {
    const waiting = accountUser({ two_factor_enabled: true, two_factor_confirmed_at: null });
    const api = mockAccountApi(waiting).on('GET /auth/user/two-factor/qr-code', {
      svg: '<svg></svg>',
      secret: 'JBSWY3DPEHPK3PXP',
    });
    await visit(api, waiting);
    expect(await panel('two-factor').findByLabelText(/^Code/)).toBeTruthy();
    expect(panel('two-factor').queryByRole('button', { name: 'Enable' })).toBeNull();
    expect(panel('two-factor').getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('shows, regenerates and disables when enabled', async () => {
    const enabled = accountUser({ two_factor_confirmed_at: '2026-01-01T00:00:00Z' });
    const api = mockAccountApi(enabled);
    await visit(api, enabled);
    api
      .on('GET /auth/user/confirmed-password-status', { confirmed: true })
      .on('GET /auth/user/two-factor-recovery-codes', { recovery_codes: RECOVERY_CODES })
      .on('POST /auth/user/two-factor-recovery-codes', {
        recovery_codes: ['cccccccccc-cccccccccc'],
      })
      .on('DELETE /auth/user/two-factor-authentication', {
        message: 'Two factor authentication has been disabled.',
        two_factor_state: 0,
      });
    const user = userEvent.setup();

    await user.click(panel('two-factor').getByRole('button', { name: 'Show recovery codes' }));
    expect(await panel('two-factor').findByText('bbbbbbbbbb-bbbbbbbbbb')).toBeTruthy();
    await user.click(
      panel('two-factor').getByRole('button', { name: 'Regenerate recovery codes' }),
    );
    expect(await panel('two-factor').findByText('cccccccccc-cccccccccc')).toBeTruthy();

    api.on('GET /api/v1/users/me', { user: accountUser() });
    await user.click(panel('two-factor').getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        message: 'Two factor authentication has been disabled.',
        type: 'positive',
      }),
    );
    expect(
      await panel('two-factor').findByText('You have not enabled two factor authentication.'),
    ).toBeTruthy();
  });
});

describe('active sessions', () => {
  it('lists the devices with this device marked', async () => {
    await visit();
    const sessions = panel('sessions');
    expect(await sessions.findByText('Linux - Chrome')).toBeTruthy();
    expect(sessions.getByText('This device')).toBeTruthy();
    expect(sessions.getByText('iOS - Mobile Safari')).toBeTruthy();
    expect(sessions.getByText(/São Paulo, Brazil/)).toBeTruthy();
    expect(sessions.getByText('2001:db8::1')).toBeTruthy();
    expect(sessions.getByText(/Last active 3 hours ago/)).toBeTruthy();
  });

  it('logs out other sessions after asking for the password, confirming it on the way', async () => {
    const { api } = await visit();
    api
      .on('GET /auth/user/confirmed-password-status', { confirmed: false })
      .on('POST /auth/user/confirm-password', {})
      .on('POST /api/v1/user-sessions/logout-other', { message: 'Logged out other sessions.' });
    const user = userEvent.setup();
    await user.click(panel('sessions').getByRole('button', { name: 'Log out other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out other sessions' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out other sessions' }));
    expect(await within(dialog).findByText('The password field is required.')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Password/), 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Log out other sessions' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Logged out other sessions.', type: 'positive' }),
    );
    expect(api.callsTo('POST /auth/user/confirm-password')[0]!.body).toEqual({
      password: 'my-password',
    });
    expect(api.callsTo('POST /api/v1/user-sessions/logout-other')[0]!.body).toEqual({
      password: 'my-password',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a wrong password in the dialog and logs nothing out', async () => {
    const { api } = await visit();
    api
      .on('GET /auth/user/confirmed-password-status', { confirmed: false })
      .on(
        'POST /auth/user/confirm-password',
        { message: 'Invalid', errors: { password: ['The provided password is incorrect.'] } },
        422,
      );
    const user = userEvent.setup();
    await user.click(panel('sessions').getByRole('button', { name: 'Log out other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out other sessions' });
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Log out other sessions' }));
    expect(await within(dialog).findByText('The provided password is incorrect.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/user-sessions/logout-other')).toHaveLength(0);
  });
});

describe('API tokens', () => {
  it('creates a token, shows it once, and deletes one', async () => {
    const { api } = await visit();
    api
      .on('POST /api/v1/access-tokens', {
        token: { id: 9, name: 'CI', last_used_at: null, created_at: '2026-01-01T00:00:00Z' },
        plainTextToken: '9|plain-secret-token',
      })
      .on('DELETE /api/v1/access-tokens/3', { message: 'Token deleted' });
    const user = userEvent.setup();
    expect(await panel('developers').findByText('Home server')).toBeTruthy();
    expect(panel('developers').getByText('Never used')).toBeTruthy();

    await user.click(panel('developers').getByRole('button', { name: 'Create token' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create new token' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    // Disabled while the name is missing or blank (spec section 5).
    await waitFor(() => expect(create).toHaveProperty('disabled', true));
    await user.type(within(dialog).getByLabelText(/^Token name/), '   ');
    expect(await within(dialog).findByText('The token name field is required.')).toBeTruthy();
    expect(create).toHaveProperty('disabled', true);
    await user.clear(within(dialog).getByLabelText(/^Token name/));
    await user.type(within(dialog).getByLabelText(/^Token name/), 'CI');
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    await user.click(create);

    dialog = await screen.findByRole('dialog', { name: 'API token created' });
    expect(within(dialog).getByText('9|plain-secret-token')).toBeTruthy();
    expect(currentToast()).toEqual({ message: 'Token create', type: 'positive' });
    expect(api.callsTo('POST /api/v1/access-tokens')[0]!.body).toEqual({ tokenName: 'CI' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('9|plain-secret-token')).toBeNull());

    await user.click(panel('developers').getByRole('button', { name: 'Delete token Home server' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Token deleted', type: 'positive' }),
    );
  });
});

describe('danger zone', () => {
  it('deletes the account after confirming, then continues as a guest on /login', async () => {
    const { api, router } = await visit();
    api
      .on('GET /auth/user/confirmed-password-status', { confirmed: true })
      .on('DELETE /api/v1/users/7', { message: 'Account deleted' })
      .on('GET /api/v1/bootstrap-data', { bootstrapData: makeBootstrap() });
    const user = userEvent.setup();
    await user.click(panel('delete-account').getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account?' });
    expect(api.callsTo('DELETE /api/v1/users/7')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('DELETE /api/v1/users/7')[0]!.query.get('deleteCurrentUser')).toBe('true');
    expect(currentToast()).toEqual({ message: 'Account deleted', type: 'positive' });
    expect(getBootstrapData().user).toBeNull();
  });
});

describe('music apps', () => {
  it('shows the server and username, and a generated password only once', async () => {
    const { api } = await visit();
    api.on('POST /api/v1/me/music-apps/password', { password: 'abcdefghjkmnpqrstuvw' });
    const music = panel('music-apps');
    expect(await music.findByText('http://localhost:3000')).toBeTruthy();
    expect(music.getByText('ada')).toBeTruthy();
    api.on('GET /api/v1/me/music-apps', {
      server_url: 'http://localhost:3000',
      username: 'ada',
      has_password: true,
      created_at: '2026-11-24T10:00:00Z',
      last_used_at: null,
    });
    await userEvent.click(music.getByRole('button', { name: 'Generate password' }));
    expect(await music.findByText('abcdefghjkmnpqrstuvw')).toBeTruthy();
    expect(
      music.getByText("Copy it into your app now. For your security, it won't be shown again."),
    ).toBeTruthy();
    expect(await music.findByRole('button', { name: 'Generate a new password' })).toBeTruthy();
  });
});
