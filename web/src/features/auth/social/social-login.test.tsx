import '../../../ui/test-utils';
import { SOCIAL_MESSAGE_SOURCE, type SocialResult } from '@cadenza/contracts/social-auth';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '../../../api/bootstrap';
import { makeBootstrap, makeUser } from '../../../app/testing/bootstrap-factory';
import { LoginPage } from '../login-page';
import { RegisterPage } from '../register-page';
import { mockApi, validationError } from '../testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../testing/render-screen';

let api: ReturnType<typeof mockApi>;
let popup: { closed: boolean; focus: () => void; close: () => void };
let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  api = mockApi();
  popup = {
    closed: false,
    focus: () => {},
    close: () => {
      popup.closed = true;
    },
  };
  open = vi.fn(() => popup);
  vi.stubGlobal('open', open);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const loggedIn = makeBootstrap({ user: makeUser({ email: 'ada@example.com' }) });

function visit(settings: Record<string, unknown> = { 'social.google.enable': true }) {
  return renderScreen('/login', '/login', LoginPage, makeBootstrap({ settings }));
}

/** The callback page's message, as the browser delivers it to the app's window. */
function popupAnswers(result: Omit<SocialResult, 'source'>, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data: { source: SOCIAL_MESSAGE_SOURCE, ...result }, origin }),
    );
  });
}

async function clickGoogle() {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));
  await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
  expect(open.mock.calls[0]![0]).toBe('/secure/auth/social/google/login');
  expect(open.mock.calls[0]![2]).toMatch(/^width=650,height=550,/);
}

describe('social login buttons', () => {
  it('signs in on SUCCESS: applies the bootstrap data and goes to the post-login address', async () => {
    const { router } = visit();
    await clickGoogle();
    popupAnswers({ status: 'SUCCESS', bootstrapData: loggedIn as never });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getBootstrapData().user?.email).toBe('ada@example.com');
  });

  it('ignores a result posted from another origin', async () => {
    const { router } = visit();
    await clickGoogle();
    popupAnswers({ status: 'SUCCESS', bootstrapData: loggedIn as never }, 'https://evil.example');
    popup.closed = true;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(router.state.location.pathname).toBe('/login');
    expect(getBootstrapData().user).toBeNull();
  });

  it('does nothing when the popup is closed without a result', async () => {
    const { router } = visit();
    await clickGoogle();
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(button).toHaveProperty('disabled', true);
    popup.closed = true;
    await waitFor(() => expect(button).toHaveProperty('disabled', false), { timeout: 2000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(currentToast()).toBeUndefined();
  });

  it('navigates on ALREADY_LOGGED_IN with fresh bootstrap data', async () => {
    api.on('GET /api/v1/bootstrap-data', { bootstrapData: loggedIn });
    const { router } = visit();
    await clickGoogle();
    popupAnswers({ status: 'ALREADY_LOGGED_IN' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getBootstrapData().user?.email).toBe('ada@example.com');
  });

  it('shows the server message of an ERROR in a danger toast', async () => {
    visit();
    await clickGoogle();
    popupAnswers({ status: 'ERROR', message: 'Registration is disabled.' });
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Registration is disabled.', type: 'danger' }),
    );
  });

  it('falls back to a general message for an ERROR without one', async () => {
    visit();
    await clickGoogle();
    popupAnswers({ status: 'ERROR' });
    await waitFor(() =>
      expect(currentToast()).toEqual({
        message: 'An error occurred. Please try again later',
        type: 'danger',
      }),
    );
  });

  it('asks for the password on REQUEST_PASSWORD and connects the accounts', async () => {
    api.on('POST /secure/auth/social/connect', { bootstrapData: loggedIn });
    const { router } = visit();
    await clickGoogle();
    popupAnswers({ status: 'REQUEST_PASSWORD', service: 'google', email: 'ada@example.com' });

    const dialog = await screen.findByRole('dialog', { name: 'Connect accounts' });
    expect(dialog.textContent).toContain('ada@example.com');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('The password field is required.')).toBeTruthy();
    expect(api.callsTo('POST /secure/auth/social/connect')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), 'secret');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /secure/auth/social/connect')[0]!.body).toEqual({
      password: 'secret',
    });
    expect(getBootstrapData().user?.email).toBe('ada@example.com');
  });

  it('shows a wrong password on the field of the connect dialog', async () => {
    api.on(
      'POST /secure/auth/social/connect',
      validationError({ password: 'The provided password is incorrect.' }),
      422,
    );
    visit();
    await clickGoogle();
    popupAnswers({ status: 'REQUEST_PASSWORD', service: 'google', email: 'ada@example.com' });
    const dialog = await screen.findByRole('dialog', { name: 'Connect accounts' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('The provided password is incorrect.')).toBeTruthy();
    expect(getBootstrapData().user).toBeNull();
  });

  it('moves to the two-factor challenge when the account needs the code', async () => {
    visit();
    await clickGoogle();
    popupAnswers({ status: 'SUCCESS', two_factor: true });
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
  });

  it('takes the register page to the login challenge when the code is needed', async () => {
    const { router } = renderScreen(
      '/register',
      '/register',
      RegisterPage,
      makeBootstrap({ settings: { 'social.google.enable': true } }),
    );
    await clickGoogle();
    popupAnswers({ status: 'SUCCESS', two_factor: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows icon-only buttons, named for screen readers, with compact buttons on', () => {
    visit({
      'social.google.enable': true,
      'social.twitter.enable': true,
      'social.compact_buttons': true,
    });
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect(google.textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Continue with X' })).toBeTruthy();
  });
});
