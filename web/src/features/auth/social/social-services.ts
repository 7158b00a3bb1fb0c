import { SOCIAL_SERVICES, type SocialService } from '@cadenza/contracts/social-auth';
import { useSettings } from '../../../api/bootstrap';

export { SOCIAL_SERVICES, type SocialService };

export const SOCIAL_SERVICE_NAMES: Record<SocialService, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X',
  apple: 'Apple',
  oidc: 'SSO',
};

/** The services' names, with the OpenID Connect provider under the name the operator gave it. */
export function useSocialServiceNames(): Record<SocialService, string> {
  const social = (useSettings().social ?? {}) as { oidc?: { name?: unknown } };
  const oidcName = social.oidc?.name;
  return typeof oidcName === 'string' && oidcName
    ? { ...SOCIAL_SERVICE_NAMES, oidc: oidcName }
    : SOCIAL_SERVICE_NAMES;
}

/** The login page offers the OpenID Connect provider alone (setting `social.oidc.only`). */
export function useOpenIdConnectOnly(): boolean {
  const social = (useSettings().social ?? {}) as { oidc?: { enable?: unknown; only?: unknown } };
  return Boolean(social.oidc?.enable) && Boolean(social.oidc?.only);
}

/** The social services switched on in settings (`social.<service>.enable`; OIDC by the server). */
export function useEnabledSocialServices(): SocialService[] {
  const settings = useSettings();
  const social = (settings.social ?? {}) as Record<string, { enable?: unknown } | undefined>;
  return SOCIAL_SERVICES.filter((service) => Boolean(social[service]?.enable));
}
