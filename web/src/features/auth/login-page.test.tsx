import '../../ui/test-utils';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '../../api/bootstrap';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { LoginPage } from './login-page';
import { mockApi, validationError } from './testing/mock-api';
import { renderScreen, resetScreenState } from './testing/render-screen';

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const visit = (path = '/login', settings: Record<string, unknown> = {}) =>
  renderScreen('/login', path, LoginPage, makeBootstrap({ settings }));

const loggedIn = makeBootstrap({
  user: makeUser({ email: 'ada@example.com', permissionNames: ['music.view'] }),
});

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('LoginPage', () => {
  it('returns to the page the member was on the way to', async () => {
    api.on('POST /auth/login', { bootstrapData: loggedIn });
    const { router } = visit('/login?redirect=%2Fbilling%3Ftab%3Dinvoices');
    await fillAndSubmit('ada@example.com', 'secret-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(router.state.location.search).toBe('?tab=invoices');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example'])(
    'ignores a redirect to another site (%s)',
    async (target) => {
      api.on('POST /auth/login', { bootstrapData: loggedIn });
      const { router } = visit(`/login?redirect=${encodeURIComponent(target)}`);
      await fillAndSubmit('ada@example.com', 'secret-password');
      await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
    },
  );

  it('logs in with "stay signed in" on by default and lands in the player', async () => {
    api.on('POST /auth/login', { bootstrapData: loggedIn });
    const { router } = visit();

    expect(screen.getByRole('checkbox', { name: 'Stay signed in for a month' })).toHaveProperty(
      'ariaChecked',
      'true',
    );
    await fillAndSubmit('ada@example.com', 'secret-password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
    expect(api.callsTo('POST /auth/login')[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-password',
      remember: true,
    });
    expect(getBootstrapData().user?.email).toBe('ada@example.com');
  });

  it('sends remember false when "stay signed in" is unticked', async () => {
    api.on('POST /auth/login', { bootstrapData: loggedIn });
    visit();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Stay signed in for a month' }));
    await fillAndSubmit('ada@example.com', 'pw');
    await waitFor(() => expect(api.callsTo('POST /auth/login')).toHaveLength(1));
    expect(api.callsTo('POST /auth/login')[0]!.body).toMatchObject({ remember: false });
  });

  it('requires the e-mail and password before calling the server', async () => {
    visit();
    await fillAndSubmit('', '');
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(screen.getByText('The password field is required.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server field errors under the fields', async () => {
    api.on(
      'POST /auth/login',
      validationError({ email: ['These credentials do not match our records.'] }),
      422,
    );
    visit();
    await fillAndSubmit('ada@example.com', 'wrong');
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));
  });

  it('prefills and locks the e-mail from the query', () => {
    visit('/login?email=ada%40example.com');
    const email = screen.getByLabelText<HTMLInputElement>(/^Email/);
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
  });

  it('prefills demo credentials on demo sites', () => {
    visit('/login', { 'site.demo': true });
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('admin@admin.com');
    expect(screen.getByLabelText<HTMLInputElement>(/^Password/).value).toBe('admin');
  });

  it('links to password recovery, and to sign-up unless registration is disabled', () => {
    const { unmount } = visit();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up.' })).toBeTruthy();
    unmount();
    visit('/login', { 'registration.disable': true });
    expect(screen.queryByRole('link', { name: 'Sign up.' })).toBeNull();
  });

  it('shows a password toggle', async () => {
    visit();
    const password = screen.getByLabelText<HTMLInputElement>(/^Password/);
    expect(password.type).toBe('password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
  });

  it('renders no social buttons unless a service is enabled', () => {
    const { unmount } = visit();
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
    unmount();
    visit('/login', { 'social.google.enable': true });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('offers the OpenID Connect provider by its name, alone in "OIDC only" mode', () => {
    const oidc = {
      'social.oidc.enable': true,
      'social.oidc.name': 'Acme SSO',
      'social.google.enable': true,
    };
    const { unmount } = visit('/login', oidc);
    expect(screen.getByRole('button', { name: 'Continue with Acme SSO' })).toBeTruthy();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    unmount();

    const only = visit('/login', { ...oidc, 'social.oidc.only': true });
    expect(screen.getByRole('button', { name: 'Continue with Acme SSO' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    only.unmount();

    // The way in for admins, and for everyone while the provider is down.
    visit('/login?password=1', { ...oidc, 'social.oidc.only': true });
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
  });
});

describe('two-factor challenge', () => {
  async function reachChallenge() {
    api.on('POST /auth/login', { two_factor: true });
    const view = visit();
    await fillAndSubmit('ada@example.com', 'secret-password');
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    return view;
  }

  it('completes the login with a 6-digit code', async () => {
    api.on('POST /auth/two-factor-challenge', { bootstrapData: loggedIn });
    const { router } = await reachChallenge();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
    expect(api.callsTo('POST /auth/two-factor-challenge')[0]!.body).toEqual({ code: '123456' });
  });

  it('refuses a code that is not 6 characters', async () => {
    await reachChallenge();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Code/), '1234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The code must be 6 characters.')).toBeTruthy();
    expect(api.callsTo('POST /auth/two-factor-challenge')).toHaveLength(0);
  });

  it('toggles to a 21-character recovery code and back', async () => {
    api.on('POST /auth/two-factor-challenge', { bootstrapData: loggedIn });
    await reachChallenge();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Recovery code/).maxLength).toBe(21);
    await user.click(screen.getByRole('button', { name: 'Use an authentication code' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Code/).maxLength).toBe(6);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/^Recovery code/), 'abcdefghij');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The code must be 21 characters.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Recovery code/), '-klmnopqrst');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('POST /auth/two-factor-challenge')).toHaveLength(1));
    expect(api.callsTo('POST /auth/two-factor-challenge')[0]!.body).toEqual({
      recovery_code: 'abcdefghij-klmnopqrst',
    });
  });

  it('shows the server message for a wrong code under the field', async () => {
    api.on(
      'POST /auth/two-factor-challenge',
      validationError({ code: 'The provided two factor authentication code was invalid.' }),
      422,
    );
    await reachChallenge();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('The provided two factor authentication code was invalid.'),
    ).toBeTruthy();
  });
});
