import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap } from '../../app/testing/bootstrap-factory';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';
import { mockApi, validationError } from './testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from './testing/render-screen';

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

describe('ForgotPasswordPage', () => {
  it('asks for the e-mail and shows the server message', async () => {
    api.on('POST /auth/forgot-password', {
      message: 'If that address has an account, we have e-mailed a reset link.',
    });
    renderScreen('/forgot-password', '/forgot-password', ForgotPasswordPage, makeBootstrap());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('If that address has an account, we have e-mailed a reset link.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /auth/forgot-password')[0]!.body).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('ResetPasswordPage', () => {
  const visit = () =>
    renderScreen(
      '/password/reset/:resetToken',
      '/password/reset/tok123?email=ada%40example.com',
      ResetPasswordPage,
      makeBootstrap(),
    );

  it('sets the new password, confirms with a toast and goes to /login', async () => {
    api.on('POST /auth/reset-password', { message: 'Your password has been reset.' });
    const { router } = visit();
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('ada@example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/), 'brand-new-password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(currentToast()).toEqual({ message: 'Your password has been reset!', type: 'positive' });
    expect(api.callsTo('POST /auth/reset-password')[0]!.body).toEqual({
      token: 'tok123',
      email: 'ada@example.com',
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
  });

  it('requires every field and matching passwords', async () => {
    visit();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^New password/), 'one');
    await user.type(screen.getByLabelText(/^Confirm password/), 'two');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows an expired token error from the server', async () => {
    api.on(
      'POST /auth/reset-password',
      validationError({ email: 'This password reset token is invalid.' }),
      422,
    );
    const { router } = visit();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/), 'brand-new-password');
    await user.type(screen.getByLabelText(/^Confirm password/), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This password reset token is invalid.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/password/reset/tok123');
  });
});
