import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { jsonResponse, mockApi } from './testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from './testing/render-screen';
import { pageReloader, VerifyEmailPage } from './verify-email-page';

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetScreenState();
});

const unverified = makeBootstrap({
  user: makeUser({ email: 'ada.lovelace@example.com', email_verified_at: null }),
  settings: { require_email_confirmation: true },
});
const visit = () => renderScreen('*', '/account-settings', VerifyEmailPage, unverified);

describe('VerifyEmailPage', () => {
  it('tells where the code went, with the address masked', () => {
    visit();
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(
      screen.getByText('Enter the verification code we sent to ad****@example.com'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        /If you don't see the email in your inbox, check your spam folder and promotions tab\. If you still don't see it, request a resend\./,
      ),
    ).toBeTruthy();
    // The default theme is dark, so the light-coloured logo shows.
    expect(screen.getByRole('img', { name: 'Cadenza' }).getAttribute('src')).toBe(
      '/brand/logo-light.svg',
    );
  });

  it('shows the dark logo on a light theme', () => {
    renderScreen('*', '/account-settings', VerifyEmailPage, {
      ...unverified,
      themes: [
        {
          id: 2,
          name: 'Light',
          is_dark: false,
          default_light: true,
          default_dark: false,
          values: {},
        },
      ],
    });
    expect(screen.getByRole('img', { name: 'Cadenza' }).getAttribute('src')).toBe(
      '/brand/logo-dark.svg',
    );
  });

  it('has a code field made for one-time codes', () => {
    visit();
    const code = screen.getByLabelText<HTMLInputElement>(/^Code/);
    expect(code.placeholder).toBe('Enter your verification code');
    expect(code.inputMode).toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');
    expect(code.maxLength).toBe(6);
  });

  it('sends the code, keeps Next disabled meanwhile, and reloads on success', async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    let answer: (response: Response) => void = () => {};
    api.onCall(
      'POST /api/v1/validate-email-verification-otp',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    visit();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Code/), '482913');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true),
    );
    expect(api.callsTo('POST /api/v1/validate-email-verification-otp')[0]!.body).toEqual({
      code: '482913',
    });
    answer(jsonResponse({ message: 'ok' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('requires a code', async () => {
    visit();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The code field is required.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows a wrong code under the field and does not reload', async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    api.on(
      'POST /api/v1/validate-email-verification-otp',
      { message: 'Invalid', errors: { code: ['The code is invalid or expired.'] } },
      422,
    );
    visit();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The code is invalid or expired.')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('resends the e-mail and says so', async () => {
    api.on('POST /api/v1/resend-email-verification', {});
    visit();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Email sent', type: 'positive' }),
    );
    expect(api.callsTo('POST /api/v1/resend-email-verification')[0]!.body).toEqual({
      email: 'ada.lovelace@example.com',
    });
  });

  it('logs out to /login', async () => {
    api.on('POST /auth/logout', { bootstrapData: makeBootstrap() });
    const { router } = visit();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
