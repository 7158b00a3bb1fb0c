import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../app/bootstrap';
import { Button } from '../../../ui/button';

export const SOCIAL_SERVICES = ['google', 'facebook', 'twitter', 'apple'] as const;
export type SocialService = (typeof SOCIAL_SERVICES)[number];

const SERVICE_NAMES: Record<SocialService, string> = {
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

// Spec section 9: the login popup is 650 by 550.
function openLoginPopup(service: SocialService) {
  const width = 650;
  const height = 550;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  window.open(
    `/secure/auth/social/${service}/login`,
    `social-login-${service}`,
    `width=${width},height=${height},left=${left},top=${top}`,
  );
}

/**
 * The place of the social login buttons. Nothing at all when no service is enabled; the popup's
 * result handling arrives with the social login feature.
 */
export function SocialButtons() {
  const { t } = useTranslation();
  const services = useEnabledSocialServices();
  if (services.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs text-fg-muted">
        <span className="h-px flex-1 bg-border" />
        {t('or continue with')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="flex flex-col gap-2">
        {services.map((service) => (
          <Button key={service} variant="outline" fullWidth onClick={() => openLoginPopup(service)}>
            {t('Continue with {{service}}', { service: SERVICE_NAMES[service] })}
          </Button>
        ))}
      </div>
    </div>
  );
}
