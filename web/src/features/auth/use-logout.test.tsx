import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '../../api/bootstrap';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { mockApi } from './testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from './testing/render-screen';
import { useLogout } from './use-logout';

const editor = vi.hoisted(() => ({ active: false }));
vi.mock('../appearance/appearance-editor', () => ({ isInAppearanceEditor: () => editor.active }));

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenState();
  editor.active = false;
});

function LogoutButton() {
  const { logout } = useLogout();
  return (
    <button type="button" onClick={logout}>
      Log out
    </button>
  );
}

describe('useLogout', () => {
  it('replaces bootstrap data with the guest one and goes to /login', async () => {
    api.on('POST /auth/logout', { bootstrapData: makeBootstrap() });
    const { router } = renderScreen(
      '/account-settings',
      '/account-settings',
      LogoutButton,
      makeBootstrap({ user: makeUser() }),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getBootstrapData().user).toBeNull();
  });

  it('refuses to log out inside the appearance editor', async () => {
    editor.active = true;
    const { router } = renderScreen(
      '/account-settings',
      '/account-settings',
      LogoutButton,
      makeBootstrap({ user: makeUser() }),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(currentToast()).toEqual({
      message: "Can't logout while in appearance editor",
      type: 'danger',
    });
    expect(api.calls).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/account-settings');
    expect(getBootstrapData().user).not.toBeNull();
  });
});
