import type { Menu } from '@cadenza/contracts/menus';
import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { isVisibleTo, menuItemsAt } from './menu-conditions';

const guest = makeBootstrap();
const member = makeBootstrap({ user: makeUser({ permissionNames: ['music.view'] }) });
const subscriber = makeBootstrap({
  user: makeUser({
    subscriptions: [{ id: 1, product_id: 2, gateway_status: 'active', valid: true, active: false }],
  }),
});

describe('isVisibleTo', () => {
  it('shows an item without conditions to everyone', () => {
    expect(isVisibleTo({}, guest)).toBe(true);
    expect(isVisibleTo({}, member)).toBe(true);
  });

  it('requires every listed role id; a guest holds the guest role', () => {
    expect(isVisibleTo({ roles: [2] }, member)).toBe(true);
    expect(isVisibleTo({ roles: [2, 3] }, member)).toBe(false);
    expect(isVisibleTo({ roles: [2] }, guest)).toBe(false);
    expect(isVisibleTo({ roles: [1] }, guest)).toBe(true);
    expect(isVisibleTo({ roles: [1] }, member)).toBe(false);
  });

  it("requires every listed permission, from the user or else the guest role's", () => {
    expect(isVisibleTo({ permissions: ['music.view'] }, member)).toBe(true);
    expect(isVisibleTo({ permissions: ['music.view', 'api.access'] }, member)).toBe(false);
    expect(isVisibleTo({ permissions: ['music.view'] }, guest)).toBe(true);
    expect(isVisibleTo({ permissions: ['admin.access'] }, guest)).toBe(false);
    const noGuestPermissions = makeBootstrap({ guestPermissions: [] });
    expect(isVisibleTo({ permissions: ['music.view'] }, noGuestPermissions)).toBe(false);
  });

  it('lets the admin permission stand for every permission', () => {
    const admin = makeBootstrap({ user: makeUser({ permissionNames: ['admin'] }) });
    expect(isVisibleTo({ permissions: ['admin.access', 'api.access'] }, admin)).toBe(true);
  });

  it('requires every settings condition to match the public setting by its dotted key', () => {
    const billingOn = makeBootstrap({ settings: { 'billing.enable': true } });
    expect(isVisibleTo({ settings: { 'billing.enable': true } }, billingOn)).toBe(true);
    expect(isVisibleTo({ settings: { 'billing.enable': true } }, guest)).toBe(false);
    expect(isVisibleTo({ settings: { 'billing.enable': false } }, guest)).toBe(true);
    expect(
      isVisibleTo({ settings: { 'billing.enable': true, 'homepage.type': 'landing' } }, billingOn),
    ).toBe(true);
    expect(
      isVisibleTo({ settings: { 'billing.enable': true, 'homepage.type': 'login' } }, billingOn),
    ).toBe(false);
    // A setting the browser never receives cannot match a required "on".
    expect(isVisibleTo({ settings: { 'no.such.setting': true } }, billingOn)).toBe(false);
  });

  it('matches the subscription status', () => {
    expect(isVisibleTo({ subscriptionStatus: 'subscribed' }, subscriber)).toBe(true);
    expect(isVisibleTo({ subscriptionStatus: 'subscribed' }, member)).toBe(false);
    expect(isVisibleTo({ subscriptionStatus: 'subscribed' }, guest)).toBe(false);
    expect(isVisibleTo({ subscriptionStatus: 'notSubscribed' }, member)).toBe(true);
    expect(isVisibleTo({ subscriptionStatus: 'notSubscribed' }, guest)).toBe(true);
    expect(isVisibleTo({ subscriptionStatus: 'notSubscribed' }, subscriber)).toBe(false);
    const lapsed = makeBootstrap({
      user: makeUser({
        subscriptions: [
          { id: 1, product_id: 2, gateway_status: 'cancelled', valid: false, active: false },
        ],
      }),
    });
    expect(isVisibleTo({ subscriptionStatus: 'subscribed' }, lapsed)).toBe(false);
    expect(isVisibleTo({ subscriptionStatus: 'notSubscribed' }, lapsed)).toBe(true);
  });

  it('needs all kinds of conditions to hold together', () => {
    const conditions = {
      permissions: ['music.view'],
      settings: { 'billing.enable': true },
      subscriptionStatus: 'notSubscribed' as const,
    };
    const billingOn = { settings: { 'billing.enable': true } };
    expect(isVisibleTo(conditions, makeBootstrap(billingOn))).toBe(true);
    expect(isVisibleTo(conditions, makeBootstrap({ ...billingOn, guestPermissions: [] }))).toBe(
      false,
    );
    expect(isVisibleTo(conditions, guest)).toBe(false);
  });
});

describe('menuItemsAt', () => {
  const menus: Menu[] = [
    {
      id: 'a',
      name: 'A',
      positions: ['primary', 'footer'],
      items: [
        { id: '1', label: 'Discover', action: '/discover', type: 'route' },
        { id: '2', label: 'Admin', action: '/admin', type: 'route', permissions: ['admin'] },
      ],
    },
    {
      id: 'b',
      name: 'B',
      positions: ['footer'],
      items: [{ id: '3', label: 'Blog', action: 'https://example.com', type: 'link' }],
    },
  ];

  it('collects the visible items of every menu at the position, in order', () => {
    expect(menuItemsAt(menus, 'primary', guest).map((i) => i.label)).toEqual(['Discover']);
    expect(menuItemsAt(menus, 'footer', guest).map((i) => i.label)).toEqual(['Discover', 'Blog']);
    expect(menuItemsAt(menus, 'auth-dropdown', guest)).toEqual([]);
  });
});
