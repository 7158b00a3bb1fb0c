import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBootstrapData } from '../api/bootstrap';
import { makeBootstrap, makeUser, type BootstrapOverrides } from './testing/bootstrap-factory';
import { renderRoute } from './testing/render-route';

const NOT_FOUND = "Looks like you've found the doorway to the great nothing";

// Screens and layouts load on demand: the first load of one's code here can take seconds.
const LOADED = { timeout: 5000 };

/** Renders the app at `path` and waits for the heading of the screen that ends up shown. */
async function visit(path: string, overrides: BootstrapOverrides = {}) {
  const { router } = renderRoute(path, makeBootstrap(overrides));
  const heading = await screen.findByRole('heading', { level: 1 }, LOADED);
  return { router, heading: heading.textContent, pathname: () => router.state.location.pathname };
}

/** Renders the app at `path` and waits for the web player's layout: its player bar. */
async function visitPlayer(path: string, overrides: BootstrapOverrides = {}) {
  const { router } = renderRoute(path, makeBootstrap(overrides));
  await screen.findByRole('region', { name: 'Player' }, LOADED);
  return { pathname: () => router.state.location.pathname };
}

const member = (permissionNames: string[] = ['music.view'], fields = {}) =>
  makeUser({ permissionNames, ...fields });
const subscribed = {
  subscriptions: [{ id: 1, product_id: 2, gateway_status: null, valid: true, active: false }],
};

afterEach(() => localStorage.clear());

describe('RequireAuth', () => {
  it.each(['/account-settings', '/notifications', '/backstage/tracks'])(
    'sends a guest from %s to /login',
    async (path) => {
      const view = await visit(path);
      expect(view.heading).toBe('Login');
      expect(view.pathname()).toBe('/login');
    },
  );

  it.each([
    ['/account-settings', 'Account settings'],
    ['/notifications', 'Notifications'],
    ['/backstage', 'Your artists'],
  ])('shows %s to a logged-in user', async (path, heading) => {
    const view = await visit(path, { user: member() });
    expect(view.heading).toBe(heading);
    expect(view.pathname()).toBe(path);
  });

  it('brings a guest back to the page asked for after signing in', async () => {
    const view = await visit('/workspaces/3?tab=members');
    expect(view.heading).toBe('Login');
    expect(view.router.state.location.search).toBe('?redirect=%2Fworkspaces%2F3%3Ftab%3Dmembers');
  });

  it('sends a member who signs out on a page to the plain sign-in, not back to that page', async () => {
    const view = await visit('/account-settings', { user: member() });
    expect(view.heading).toBe('Account settings');
    act(() => setBootstrapData(makeBootstrap()));
    await waitFor(() => expect(view.pathname()).toBe('/login'));
    expect(view.router.state.location.search).toBe('');
  });

  // One app shell: the player bar, and the music it plays, stay while a member opens these.
  it.each(['/account-settings', '/notifications', '/workspaces', '/billing'])(
    'shows %s inside the player',
    async (path) => {
      const view = await visitPlayer(path, {
        user: member(),
        settings: { 'billing.enable': true },
      });
      expect(view.pathname()).toBe(path);
      expect(await screen.findByRole('heading', { level: 1 }, LOADED)).toBeTruthy();
    },
  );
});

describe('RequirePermission', () => {
  it('sends a guest whose role lacks admin.access to /login', async () => {
    const view = await visit('/admin/users');
    expect(view.pathname()).toBe('/login');
  });

  it('offers plans to a member without the permission when billing is on', async () => {
    const view = await visit('/admin', { user: member(), settings: { 'billing.enable': true } });
    expect(view.heading).toBe('Choose the plan that fits you');
    expect(view.pathname()).toBe('/pricing');
  });

  it('shows not-found to a subscribed member without the permission', async () => {
    const view = await visit('/admin', {
      user: member(['music.view'], subscribed),
      settings: { 'billing.enable': true },
    });
    expect(view.heading).toBe(NOT_FOUND);
    expect(view.pathname()).toBe('/admin');
  });

  it('shows not-found to a member without the permission when billing is off', async () => {
    const view = await visit('/admin', { user: member() });
    expect(view.heading).toBe(NOT_FOUND);
  });

  it.each([
    // admin.access opens the area; each section needs its own permission besides.
    ['admin.access', "You don't have access to this section"],
    // An admin lands on the dashboard, the first section.
    ['admin', 'Reports'],
  ])('opens the admin area with %s', async (permission, heading) => {
    const view = await visit('/admin', { user: member([permission]) });
    expect(view.heading).toBe(heading);
    expect(view.pathname()).toMatch(/^\/admin/);
  });

  it('lets a guest use the player when the guest role holds music.view', async () => {
    const view = await visitPlayer('/album/3/blue-train');
    expect(view.pathname()).toBe('/album/3/blue-train');
  });

  it('sends a guest to /login when the guest role lacks music.view', async () => {
    const view = await visit('/discover', { guestPermissions: [] });
    expect(view.pathname()).toBe('/login');
  });

  it('offers plans to a member without music.view when billing is on', async () => {
    const view = await visit('/discover', {
      user: member([]),
      settings: { 'billing.enable': true },
    });
    expect(view.pathname()).toBe('/pricing');
  });
});

describe('the player catch-all', () => {
  it.each([
    '/discover',
    '/genres',
    '/genre/jazz',
    '/top-50',
    '/new-releases',
    '/library/songs',
    '/track/1/so-what',
    '/playlist/9/late-night',
    '/artist/1/miles-davis',
    '/user/4/ada-lovelace',
    '/search/miles',
    '/search/miles/albums',
  ])('gives %s to the player', async (path) => {
    const view = await visitPlayer(path);
    expect(view.pathname()).toBe(path);
  });

  it.each(['/nowhere', '/discover-more', '/admins', '/login/extra'])(
    'shows not-found for %s',
    async (path) => {
      const view = await visit(path);
      expect(view.heading).toBe(NOT_FOUND);
    },
  );
});

describe('GuestOnly', () => {
  it.each(['/login', '/register', '/workspace/join/login', '/workspace/join/register'])(
    'shows %s to guests',
    async (path) => {
      const view = await visit(path);
      expect(view.pathname()).toBe(path);
    },
  );

  it('sends a logged-in member to the configured redirect', async () => {
    const view = await visitPlayer('/login', {
      user: member(),
      settings: { 'auth.login_redirect': '/discover' },
    });
    expect(view.pathname()).toBe('/discover');
  });

  it('sends an admin to /admin', async () => {
    const view = await visit('/register', { user: member(['admin']) });
    expect(view.heading).toBe('Reports');
    expect(view.pathname()).toBe('/admin/reports');
  });

  it('sends a member with a chosen plan to its checkout', async () => {
    localStorage.setItem('be.onboarding.selected', JSON.stringify({ productId: 2, priceId: 5 }));
    const view = await visit('/login', { user: member(), settings: { 'billing.enable': true } });
    expect(view.heading).toBe('Checkout');
    expect(view.pathname()).toBe('/checkout/2/5');
  });

  it('sends guests from /register to /login when registration is disabled', async () => {
    const view = await visit('/register', { settings: { 'registration.disable': true } });
    expect(view.heading).toBe('Login');
  });
});

describe('RequireSetting', () => {
  const billingPaths = [
    ['/billing', 'Billing'],
    ['/billing/invoices', 'Billing'],
    ['/checkout/2/5', 'Checkout'],
    ['/checkout/voucher/success', 'Subscription activated'],
    ['/change-plan/2/5/confirm', 'Change plan'],
  ];

  it.each(billingPaths)('shows not-found at %s while billing is off', async (path) => {
    const view = await visit(path, { user: member() });
    expect(view.heading).toBe(NOT_FOUND);
  });

  it.each(billingPaths)('shows %s while billing is on', async (path, heading) => {
    const view = await visit(path, { user: member(), settings: { 'billing.enable': true } });
    expect(view.heading).toBe(heading);
  });

  it('shows the API docs when the API is integrated and the user holds api.access', async () => {
    const view = await visit('/api-docs', { user: member(['api.access']) });
    expect(view.heading).toBe('API documentation');
  });

  it('shows not-found for the API docs when the API is not integrated', async () => {
    const view = await visit('/api-docs', {
      user: member(['api.access']),
      settings: { 'api.integrated': false },
    });
    expect(view.heading).toBe(NOT_FOUND);
  });

  it('sends a guest without api.access from the API docs to /login', async () => {
    const view = await visit('/api-docs');
    expect(view.pathname()).toBe('/login');
  });

  it.each([false, true])(
    'shows notification settings to their owner (subscriptions integrated: %s)',
    async (integrated) => {
      const view = await visit('/notifications/settings', {
        user: member(),
        settings: { 'notif.subs.integrated': integrated },
      });
      expect(view.heading).toBe('Notification settings');
      expect(view.pathname()).toBe('/notifications/settings');
    },
  );
});

describe('public routes', () => {
  it.each([
    ['/', 'Music for every moment'],
    ['/pricing', 'Choose the plan that fits you'],
    ['/forgot-password', 'Forgot password'],
    ['/password/reset/abc123', 'Reset password'],
    ['/contact', 'Contact us'],
  ])('shows %s to guests', async (path, heading) => {
    const view = await visit(path);
    expect(view.heading).toBe(heading);
  });

  it.each(['/pages/privacy-policy', '/pages/3/privacy-policy'])(
    'shows the custom page %s to guests',
    async (path) => {
      const page = {
        id: 3,
        slug: 'privacy-policy',
        title: 'Privacy policy',
        body: '<p>Hi</p>',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-02T00:00:00.000Z',
      };
      const fetchPage = vi.fn(async (_input: RequestInfo | URL) =>
        Response.json({
          page: { ...page, type: 'default' },
          seo: { title: page.title },
          set_seo: true,
        }),
      );
      vi.stubGlobal('fetch', fetchPage);
      const view = await visit(path);
      expect(view.heading).toBe('Privacy policy');
      expect(String(fetchPage.mock.calls[0]?.[0])).toMatch(
        /\/api\/v1\/custom-pages\/(3|privacy-policy)/,
      );
      vi.unstubAllGlobals();
    },
  );
});

describe('RequireVerifiedEmail', () => {
  it('confines an unverified user to the verification screen when confirmation is required', async () => {
    const view = await visit('/account-settings', {
      user: member(['music.view'], { email_verified_at: null }),
      settings: { require_email_confirmation: true },
    });
    expect(view.heading).toBe('Verify your email');
  });

  it('lets an unverified user through when confirmation is not required', async () => {
    const view = await visit('/account-settings', {
      user: member(['music.view'], { email_verified_at: null }),
    });
    expect(view.heading).toBe('Account settings');
  });
});
