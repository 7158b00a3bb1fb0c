import { PERMISSIONS } from '@cadenza/contracts/permission-checks';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { playerRoutes } from '../features/player/player-routes';
import { GuestOnly, RequireAuth, RequirePermission, RequireSetting } from './guards';
import { RootLayout, RootLoadingFallback } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/** Loads a screen when it is first visited, so each area ships as its own chunk. */
function screen(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

const screens = {
  home: screen(() => import('../features/homepage/homepage').then((m) => m.Homepage)),
  login: screen(() => import('../features/auth/login-page').then((m) => m.LoginPage)),
  register: screen(() => import('../features/auth/register-page').then((m) => m.RegisterPage)),
  forgotPassword: screen(() =>
    import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  resetPassword: screen(() =>
    import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  accountSettings: screen(() =>
    import('../features/account/account-settings-page').then((m) => m.AccountSettingsPage),
  ),
  notifications: screen(() =>
    import('../features/notifications/notifications-page').then((m) => m.NotificationsPage),
  ),
  notificationSettings: screen(() =>
    import('../features/notifications/notification-settings-page').then(
      (m) => m.NotificationSettingsPage,
    ),
  ),
  unsubscribe: screen(() =>
    import('../features/notifications/unsubscribe-page').then((m) => m.UnsubscribePage),
  ),
  workspaces: screen(() =>
    import('../features/workspaces/workspaces-page').then((m) => m.WorkspacesPage),
  ),
  workspace: screen(() =>
    import('../features/workspaces/workspace-page').then((m) => m.WorkspacePage),
  ),
  files: screen(() => import('../features/uploads/files-page').then((m) => m.FilesPage)),
  backstage: screen(() =>
    import('../features/backstage/backstage-area').then((m) => m.BackstageArea),
  ),
  pricing: screen(() => import('../features/billing/pricing-page').then((m) => m.PricingPage)),
  billing: screen(() => import('../features/billing/billing-area').then((m) => m.BillingArea)),
  checkout: screen(() => import('../features/billing/checkout-page').then((m) => m.CheckoutPage)),
  checkoutSuccess: screen(() =>
    import('../features/billing/checkout-return-page').then((m) => m.CheckoutSuccessPage),
  ),
  checkoutCancelled: screen(() =>
    import('../features/billing/checkout-return-page').then((m) => m.CheckoutCancelledPage),
  ),
  voucherSuccess: screen(() =>
    import('../features/billing/voucher-success-page').then((m) => m.VoucherSuccessPage),
  ),
  changePlan: screen(() =>
    import('../features/billing/change-plan-page').then((m) => m.ChangePlanPage),
  ),
  apiDocs: screen(() => import('../features/api-docs/api-docs-page').then((m) => m.ApiDocsPage)),
  contact: screen(() => import('../features/contact/contact-page').then((m) => m.ContactPage)),
  customPage: screen(() =>
    import('../features/custom-pages/custom-page').then((m) => m.CustomPage),
  ),
  admin: screen(() => import('../features/admin/admin-area').then((m) => m.AdminArea)),
  player: screen(() => import('../features/player/web-player').then((m) => m.WebPlayer)),
  // The navbar and footer of the account and marketing screens (the landing page has its own).
  shell: screen(() => import('../features/shell/shell-layout').then((m) => m.ShellLayout)),
};

/**
 * The route table of spec section 2. Guards are pathless layout routes around the screens
 * they protect; anything no route claims falls through to the not-found page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RootLoadingFallback,
    children: [
      { index: true, lazy: screens.home },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: screens.login },
          { path: 'workspace/join/login', lazy: screens.login },
          {
            element: (
              <RequireSetting setting="registration.disable" is={false} otherwise="/login" />
            ),
            children: [
              { path: 'register', lazy: screens.register },
              { path: 'workspace/join/register', lazy: screens.register },
            ],
          },
        ],
      },
      { path: 'forgot-password', lazy: screens.forgotPassword },
      { path: 'password/reset/:resetToken', lazy: screens.resetPassword },
      {
        // Marketing screens, between the navbar and the footer.
        lazy: screens.shell,
        children: [
          { path: 'notifications/unsubscribe/:token', lazy: screens.unsubscribe },
          { path: 'pricing', lazy: screens.pricing },
          {
            element: <RequireSetting setting="api.integrated" />,
            children: [
              {
                element: <RequirePermission name={PERMISSIONS.apiAccess} />,
                children: [{ path: 'api-docs', lazy: screens.apiDocs }],
              },
            ],
          },
          { path: 'contact', lazy: screens.contact },
          { path: 'pages/:pageSlug', lazy: screens.customPage },
          { path: 'pages/:pageId/:pageSlug', lazy: screens.customPage },
        ],
      },
      {
        element: <RequireAuth />,
        children: [{ path: 'backstage/*', lazy: screens.backstage }],
      },
      {
        element: <RequirePermission name={PERMISSIONS.adminAccess} />,
        children: [{ path: 'admin/*', lazy: screens.admin }],
      },
      {
        // The app shell: one layout route for the player's screens and a member's own pages
        // (account, notifications, workspaces, billing), so the player bar and the music playing
        // survive navigation between them.
        id: 'player',
        lazy: screens.player,
        children: [
          { element: <RequirePermission name={PERMISSIONS.musicView} />, children: playerRoutes },
          {
            element: <RequireAuth />,
            children: [
              { path: 'account-settings', lazy: screens.accountSettings },
              { path: 'notifications', lazy: screens.notifications },
              // Always reachable by its owner: an e-mail's unsubscribe page links here.
              { path: 'notifications/settings', lazy: screens.notificationSettings },
              { path: 'workspaces', lazy: screens.workspaces },
              { path: 'workspaces/:workspaceId', lazy: screens.workspace },
              {
                element: <RequirePermission name={PERMISSIONS.filesCreate} />,
                children: [{ path: 'files', lazy: screens.files }],
              },
            ],
          },
          {
            element: <RequireSetting setting="billing.enable" />,
            children: [
              {
                // Paying is for members; a visitor signs in first.
                element: <RequireAuth />,
                children: [
                  { path: 'billing/*', lazy: screens.billing },
                  { path: 'checkout/:productId/:priceId', lazy: screens.checkout },
                  { path: 'checkout/success', lazy: screens.checkoutSuccess },
                  { path: 'checkout/voucher/success', lazy: screens.voucherSuccess },
                  { path: 'change-plan/:productId/:priceId/confirm', lazy: screens.changePlan },
                ],
              },
              { path: 'checkout/cancelled', lazy: screens.checkoutCancelled },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Resolves once `router` has loaded its first screen's code. RouterProvider reads the router's
 * state when it first renders but follows it only from when that render is committed; a first
 * render in a transition is drawn in slices, and a screen loaded between them went unseen, so
 * the page stayed on its loading fallback for good (a preview in the appearance editor, whose
 * screen's code was cached, now and then).
 */
export function firstScreenLoaded(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Loads the code of the screens at `pathname` into their routes: a page the server drew is
 * taken over by a router whose first render is that page, not the loading fallback it would
 * show while the code arrived.
 */
export async function loadScreensAt(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
