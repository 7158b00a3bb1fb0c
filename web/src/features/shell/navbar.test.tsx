import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  makeBootstrap,
  makeUser,
  type BootstrapOverrides,
} from '../../app/testing/bootstrap-factory';
import { renderRoute } from '../../app/testing/render-route';
import { setViewportWidth } from '../../ui/test-utils';
import { Navbar } from './navbar';

const routes: RouteObject[] = [{ path: '*', Component: () => <Navbar /> }];

function renderNavbar(overrides: BootstrapOverrides = {}) {
  const data = makeBootstrap(overrides);
  data.menus = [
    {
      id: 'primary',
      name: 'Primary',
      positions: ['primary'],
      items: [
        { id: '1', label: 'Discover', action: '/discover', type: 'route' },
        { id: '2', label: 'Blog', action: 'https://example.com', type: 'link', target: '_blank' },
        { id: '3', label: 'Admin', action: '/admin', type: 'route', permissions: ['admin'] },
      ],
    },
    {
      id: 'account',
      name: 'Account',
      positions: ['auth-dropdown'],
      items: [{ id: '4', label: 'Account settings', action: '/account-settings', type: 'route' }],
    },
  ];
  return renderRoute('/', data, routes);
}

describe('Navbar', () => {
  it('shows guests the visible primary items, Log in and Register', () => {
    setViewportWidth(1280);
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Discover', 'Blog']);
    expect(within(nav).getByRole('link', { name: 'Discover' }).getAttribute('href')).toBe(
      '/discover',
    );
    expect(within(nav).getByRole('link', { name: 'Blog' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Workspace/ })).toBeNull();
  });

  it('hides Register when registration is disabled', () => {
    renderNavbar({ settings: { 'registration.disable': true } });
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('shows a member the bell and a user menu with the auth-dropdown items', async () => {
    setViewportWidth(1280);
    renderNavbar({ user: makeUser({ unread_notifications_count: 2 }) });
    expect(screen.getByRole('button', { name: 'Notifications (2 unread)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Workspace: Default' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account settings', 'Request backstage access', 'Workspaces', 'English', 'Log out']);
  });

  it('leaves the bell out when notifications are not integrated', () => {
    renderNavbar({ user: makeUser(), settings: { 'notifications.integrated': false } });
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });
});
