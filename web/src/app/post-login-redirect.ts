import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { PERMISSIONS } from '@cadenza/contracts/permission-checks';
import { canAccess, isAdmin } from './access';
import { readSetting } from '../api/bootstrap';

/** Where the plan a visitor picked before registering is remembered (spec section 3). */
export const ONBOARDING_SELECTION_KEY = 'be.onboarding.selected';

export interface OnboardingSelection {
  productId: number | string;
  priceId: number | string;
}

export function readOnboardingSelection(): OnboardingSelection | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(ONBOARDING_SELECTION_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { productId, priceId } = value as Partial<OnboardingSelection>;
    return productId != null && priceId != null ? { productId, priceId } : null;
  } catch {
    // A corrupt entry must not block logging in.
    return null;
  }
}

/** The web player's first screen: a member's home. */
export const PLAYER_HOME = '/discover';

/** Where the sign-in form is asked to return to (`/login?redirect=/billing`). */
export const REDIRECT_PARAM = 'redirect';

/**
 * An address of this site to return to after signing in, or null: only a path on this origin,
 * so a crafted link cannot send a member elsewhere once signed in.
 */
export function intendedPage(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

/** The sign-in address that returns to `path` (with its query) afterwards. */
export function loginPathFor(path: string): string {
  if (!intendedPage(path) || path === '/') return '/login';
  return `/login?${new URLSearchParams({ [REDIRECT_PARAM]: path })}`;
}

/**
 * Where a user lands after logging in, and where a logged-in user visiting a guest-only page
 * is sent: the page they were on their way to, else admins to /admin, a pending plan choice to
 * its checkout, the configured page, and otherwise the player's home.
 */
export function postLoginRedirect(data: BootstrapData, intended?: string | null): string {
  const requested = intendedPage(intended);
  if (requested) return requested;
  if (isAdmin(data)) return '/admin';
  const selection = readOnboardingSelection();
  if (selection) {
    const productId = encodeURIComponent(selection.productId);
    const priceId = encodeURIComponent(selection.priceId);
    return `/checkout/${productId}/${priceId}`;
  }
  const configured = readSetting(data.settings, 'auth.login_redirect');
  // The setting's default, '/', is the marketing page: a member's home is the player.
  if (configured && configured !== '/') return configured;
  return canAccess(data, PERMISSIONS.musicView) ? PLAYER_HOME : '/';
}
