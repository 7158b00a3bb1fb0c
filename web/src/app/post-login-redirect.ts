import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { isAdmin } from './access';
import { readSetting } from './bootstrap';

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

/**
 * Where a user lands after logging in, and where a logged-in user visiting a guest-only page
 * is sent: admins to /admin, a pending plan choice to its checkout, else the configured page.
 */
export function postLoginRedirect(data: BootstrapData): string {
  if (isAdmin(data)) return '/admin';
  const selection = readOnboardingSelection();
  if (selection) {
    const productId = encodeURIComponent(selection.productId);
    const priceId = encodeURIComponent(selection.priceId);
    return `/checkout/${productId}/${priceId}`;
  }
  return readSetting(data.settings, 'auth.login_redirect') || '/';
}
