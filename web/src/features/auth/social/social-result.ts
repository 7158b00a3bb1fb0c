import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import type { SocialResult, SocialService } from '@cadenza/contracts/social-auth';

export const SOCIAL_ERROR_FALLBACK = 'An error occurred. Please try again later';

export interface SocialResultHandlers {
  signedIn: (data: BootstrapData) => void;
  twoFactor: () => void;
  connected: (service: SocialService) => void;
  alreadyLoggedIn: () => void;
  requestPassword: (service: SocialService | undefined, email: string | undefined) => void;
  error: (message: string) => void;
}

/**
 * Spec section 4: what each status of the popup's result leads to. An empty result (the popup
 * closed without one) leads nowhere.
 */
export function handleSocialResult(result: SocialResult | null, on: SocialResultHandlers): void {
  if (!result) return;
  switch (result.status) {
    case 'SUCCESS':
      if (result.two_factor) on.twoFactor();
      else if (result.bootstrapData) on.signedIn(result.bootstrapData as unknown as BootstrapData);
      else if (result.connected) on.connected(result.connected);
      return;
    case 'ALREADY_LOGGED_IN':
      on.alreadyLoggedIn();
      return;
    case 'REQUEST_PASSWORD':
      on.requestPassword(result.service, result.email);
      return;
    case 'ERROR':
      on.error(result.message || SOCIAL_ERROR_FALLBACK);
      return;
  }
}
