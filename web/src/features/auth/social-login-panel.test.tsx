import '../../ui/test-utils';
import { SOCIAL_MESSAGE_SOURCE } from '@cadenza/contracts/social-auth';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { mockApi, validationError } from './testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from './testing/render-screen';
import { SocialLoginPanel } from './social-login-panel';

let api: ReturnType<typeof mockApi>;
let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  api = mockApi();
  open = vi.fn(() => ({ closed: false, focus: () => {}, close: () => {} }));
  vi.stubGlobal('open', open);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
});

const enabled = { 'social.google.enable': true, 'social.facebook.enable': true };

function visit(settings: Record<string, unknown> = enabled) {
  return renderScreen(
    '/account-settings',
    '/account-settings',
    SocialLoginPanel,
    makeBootstrap({ user: makeUser(), settings }),
  );
}

function profiles(list: { service_name: string; username: string | null }[]) {
  api.on('GET /api/v1/users/me', { user: { ...makeUser(), social_profiles: list } });
}

describe('SocialLoginPanel', () => {
  it('is hidden when no service is enabled', () => {
    visit({});
    expect(document.getElementById('social-login')).toBeNull();
  });

  it('offers Disable for a connected service and Enable for the others', async () => {
    profiles([{ service_name: 'google', username: 'ada@example.com' }]);
    visit();
    expect(await screen.findByRole('button', { name: 'Disable Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable Facebook' })).toBeTruthy();
    expect(screen.getByText('Connected as ada@example.com')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/users/me')[0]!.query.get('with')).toBe('social_profiles');
    expect(document.getElementById('social-login')).not.toBeNull();
  });

  it('disconnects a service', async () => {
    profiles([{ service_name: 'google', username: 'ada@example.com' }]);
    api.on('POST /secure/auth/social/google/disconnect', { social_profiles: [] });
    visit();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Disable Google' }));
    expect(await screen.findByRole('button', { name: 'Enable Google' })).toBeTruthy();
    expect(currentToast()).toEqual({ message: 'Disconnected from Google', type: 'positive' });
  });

  it('shows why the last way in cannot be disconnected', async () => {
    profiles([{ service_name: 'google', username: 'ada@example.com' }]);
    api.on(
      'POST /secure/auth/social/google/disconnect',
      validationError({ service: 'Set a password first.' }, 'Set a password first.'),
      422,
    );
    visit();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Disable Google' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Set a password first.', type: 'danger' }),
    );
    expect(screen.getByRole('button', { name: 'Disable Google' })).toBeTruthy();
  });

  it('connects a service through the popup and reloads the connections', async () => {
    profiles([]);
    visit();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Enable Google' }));
    expect(open.mock.calls[0]![0]).toBe('/secure/auth/social/google/connect');
    profiles([{ service_name: 'google', username: 'ada@example.com' }]);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { source: SOCIAL_MESSAGE_SOURCE, status: 'SUCCESS', connected: 'google' },
          origin: window.location.origin,
        }),
      );
    });
    expect(await screen.findByRole('button', { name: 'Disable Google' })).toBeTruthy();
    expect(currentToast()).toEqual({ message: 'Connected to Google', type: 'positive' });
  });
});
