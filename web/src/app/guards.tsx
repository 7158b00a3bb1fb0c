import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import type { SettingKey } from '@cadenza/contracts/settings';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { canAccess, isSubscribed } from './access';
import { readSetting, useBootstrap } from '../api/bootstrap';
import { loginPathFor, postLoginRedirect, REDIRECT_PARAM } from './post-login-redirect';

// Only unverified users see it: its form code loads then, not with every page.
const VerifyEmailPage = lazy(() =>
  import('../features/auth/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);

/** What a guard decides for the current visitor. */
export type Access = 'allow' | 'not-found' | { redirectTo: string };

/**
 * The protected-route rule of spec section 2: guests who lack the permission log in first;
 * members who lack it are offered a plan when billing is on and they have none, else the page
 * does not exist for them.
 */
export function permissionAccess(data: BootstrapData, permission: string): Access {
  if (canAccess(data, permission)) return 'allow';
  if (!data.user) return { redirectTo: '/login' };
  if (readSetting(data.settings, 'billing.enable') && !isSubscribed(data.user)) {
    return { redirectTo: '/pricing' };
  }
  return 'not-found';
}

interface GuardProps {
  /** What to show when allowed; the matched child route when left out. */
  children?: ReactNode;
}

function Outcome({ access, children }: GuardProps & { access: Access }) {
  if (access === 'allow') return children ?? <Outlet />;
  if (access === 'not-found') return <NotFoundPage />;
  // Replace, so that Back does not return to a page that would redirect again.
  return <Navigate to={access.redirectTo} replace />;
}

/**
 * Guests sign in first, and come back to the page they asked for. A member who signs out here
 * goes to the plain sign-in: whoever signs in next starts at their own home, not at this page.
 */
export function RequireAuth({ children }: GuardProps) {
  const { user } = useBootstrap();
  const { pathname, search } = useLocation();
  // Who was here as the page opened; kept as it was, whatever happens to the session since.
  const [signedInHere] = useState(Boolean(user));
  const access: Access = user
    ? 'allow'
    : { redirectTo: signedInHere ? '/login' : loginPathFor(pathname + search) };
  return <Outcome access={access}>{children}</Outcome>;
}

export function RequirePermission({ name, children }: GuardProps & { name: string }) {
  return <Outcome access={permissionAccess(useBootstrap(), name)}>{children}</Outcome>;
}

/** Login and registration: a logged-in user goes on to their post-login address. */
export function GuestOnly({ children }: GuardProps) {
  const data = useBootstrap();
  const [searchParams] = useSearchParams();
  const access: Access = data.user
    ? { redirectTo: postLoginRedirect(data, searchParams.get(REDIRECT_PARAM)) }
    : 'allow';
  return <Outcome access={access}>{children}</Outcome>;
}

interface RequireSettingProps extends GuardProps {
  setting: SettingKey;
  /** The value the setting must have, read as a boolean. */
  is?: boolean;
  /** Where to go otherwise; the not-found page when left out. */
  otherwise?: string;
}

/** Areas that exist only when a feature is switched on (billing, API, registration). */
export function RequireSetting({ setting, is = true, otherwise, children }: RequireSettingProps) {
  const { settings } = useBootstrap();
  const matches = Boolean(readSetting(settings, setting)) === is;
  const access: Access = matches ? 'allow' : otherwise ? { redirectTo: otherwise } : 'not-found';
  return <Outcome access={access}>{children}</Outcome>;
}

/** When e-mail confirmation is required, an unverified user sees only the verification screen. */
export function RequireVerifiedEmail({ children }: GuardProps) {
  const { user, settings } = useBootstrap();
  const confirmationRequired = Boolean(readSetting(settings, 'require_email_confirmation'));
  if (confirmationRequired && user && !user.email_verified_at) {
    return (
      <Suspense fallback={null}>
        <VerifyEmailPage />
      </Suspense>
    );
  }
  return children ?? <Outlet />;
}
