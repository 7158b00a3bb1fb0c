import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setViewportWidth } from '../../ui/test-utils';
import { BackButton, hidesBackButton } from './back-button';
import { setPlayerLayoutShown, setPlayerMaximized } from './player-maximized';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: BackButton }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  setPlayerMaximized(false);
  setPlayerLayoutShown(false);
  setViewportWidth(1280);
});

describe('hidesBackButton', () => {
  it('hides on the homepage, search, admin and /zy/ paths only', () => {
    for (const path of ['/', '/search', '/search/abc', '/admin', '/admin/users', '/zy/x']) {
      expect(hidesBackButton(path)).toBe(true);
    }
    for (const path of ['/pricing', '/artist/1/x', '/searching', '/administrator', '/zy']) {
      expect(hidesBackButton(path)).toBe(false);
    }
  });
});

describe('BackButton', () => {
  it('shows on mobile and goes home when there is no history to go back to', async () => {
    setViewportWidth(390);
    const router = renderAt('/pricing');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('is absent on desktop, on excluded paths and while the player is maximized', () => {
    setViewportWidth(1280);
    renderAt('/pricing');
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();

    setViewportWidth(390);
    act(() => setPlayerMaximized(true));
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
    act(() => setPlayerMaximized(false));
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
  });

  it("stays off the player's screens, whose header has its own", () => {
    setViewportWidth(390);
    renderAt('/artist/1/x');
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    act(() => setPlayerLayoutShown(true));
    expect(screen.queryByRole('button', { name: 'Go back' })).toBeNull();
  });
});
