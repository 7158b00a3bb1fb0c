import { SOCIAL_SERVICES, type SocialService } from '@cadenza/contracts/social-auth';
import { useSettings } from '../../../api/bootstrap';

export { SOCIAL_SERVICES, type SocialService };

export const SOCIAL_SERVICE_NAMES: Record<SocialService, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X',
  apple: 'Apple',
};

/** The social services switched on in settings (`social.<service>.enable`). */
export function useEnabledSocialServices(): SocialService[] {
  const settings = useSettings();
  const social = (settings.social ?? {}) as Record<string, { enable?: unknown } | undefined>;
  return SOCIAL_SERVICES.filter((service) => Boolean(social[service]?.enable));
}
