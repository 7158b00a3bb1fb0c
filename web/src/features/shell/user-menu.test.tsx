import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import {
  makeBootstrap,
  makeUser,
  type BootstrapOverrides,
} from '../../app/testing/bootstrap-factory';
import { renderRoute } from '../../app/testing/render-route';
import { setViewportWidth } from '../../ui/test-utils';
import { mockApi } from '../auth/testing/mock-api';
import { UserMenu } from './user-menu';

const user = makeUser();
const routes: RouteObject[] = [{ path: '*', Component: () => <UserMenu user={user} /> }];

function renderMenu(
  artists: unknown[],
  overrides: BootstrapOverrides = {},
  withBillingItem = true,
) {
  mockApi().on('GET /api/v1/backstage/artists', { artists });
  const data = makeBootstrap({ user, ...overrides });
  data.menus = [
    {
      id: 'account',
      name: 'Account',
      positions: ['auth-dropdown'],
      items: withBillingItem
        ? [{ id: '1', label: 'Billing', action: '/billing', type: 'route' }]
        : [],
    },
  ];
  return renderRoute('/', data, routes);
}

async function openMenu() {
  setViewportWidth(1280);
  await userEvent.click(screen.getByRole('button', { name: /^Account menu of/ }));
  return screen.findByRole('menu');
}

const hrefOf = (menu: HTMLElement, name: string) =>
  within(menu).getByRole('menuitem', { name }).getAttribute('href');

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('UserMenu', () => {
  it('is named with the text it shows, so it can be called by what it says', () => {
    renderMenu([]);
    // The initials on the avatar are part of its picture, not text beside the name.
    const button = screen.getByRole('button', { name: 'Account menu of Ada Lovelace' });
    expect(button.textContent).toBe('Ada Lovelace');
  });

  it('offers a listener without an artist to request backstage access', async () => {
    renderMenu([]);
    const menu = await openMenu();
    expect(hrefOf(menu, 'Request backstage access')).toBe('/backstage');
    expect(hrefOf(menu, 'Workspaces')).toBe('/workspaces');
    expect(hrefOf(menu, 'Account settings')).toBe('/account-settings');
    // Billing is off: no plan to manage.
    expect(within(menu).queryByRole('menuitem', { name: 'Plan and billing' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'English' })).toBeTruthy();
  });

  it("leads an artist to backstage, and lists a place the admin's menu has once", async () => {
    renderMenu([{ id: 9, name: 'Duo Norte', image_small: null, verified: false }], {
      settings: { 'billing.enable': true },
    });
    const menu = await openMenu();
    expect(await within(menu).findByRole('menuitem', { name: 'Backstage' })).toBeTruthy();
    expect(hrefOf(menu, 'Backstage')).toBe('/backstage');
    expect(within(menu).queryByRole('menuitem', { name: 'Request backstage access' })).toBeNull();
    // The configured menu links to /billing already: one link, under the admin's label.
    expect(within(menu).queryByRole('menuitem', { name: 'Plan and billing' })).toBeNull();
    expect(hrefOf(menu, 'Billing')).toBe('/billing');
  });

  it('offers plan and billing while billing is on', async () => {
    renderMenu([], { settings: { 'billing.enable': true } }, false);
    const menu = await openMenu();
    expect(hrefOf(menu, 'Plan and billing')).toBe('/billing');
  });

  it('shows the name beside the avatar on wide screens only', () => {
    renderMenu([]);
    const name = within(screen.getByRole('button', { name: /^Account menu of/ })).getByText(
      'Ada Lovelace',
    );
    expect(name.className).toContain('hidden');
    expect(name.className).toContain('sm:inline');
  });
});
