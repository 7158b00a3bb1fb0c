import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { useSetting } from '../../../api/bootstrap';
import { Button, IconButton } from '../../../ui/button';
import { SocialIcon } from '../social/social-icons';
import {
  useEnabledSocialServices,
  useSocialServiceNames,
  type SocialService,
} from '../social/social-services';
import { useSocialLogin } from '../social/use-social-login';

export {
  SOCIAL_SERVICES,
  useEnabledSocialServices,
  type SocialService,
} from '../social/social-services';

/** Navigation state that opens the login page on its two-factor challenge. */
export const TWO_FACTOR_STATE = { socialTwoFactor: true } as const;

interface SocialButtonsProps {
  /** A social sign-in that needs the two-factor code; without it the login page asks for it. */
  onTwoFactor?: () => void;
  /** Only these services, as their own way in: no "or continue with" line above them. */
  only?: SocialService[];
}

/**
 * The social login buttons of the login and register pages: nothing at all when no service is
 * enabled; icon-only buttons in a row when `social.compact_buttons` is on.
 */
export function SocialButtons({ onTwoFactor, only }: SocialButtonsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const services = useEnabledSocialServices().filter((service) => !only || only.includes(service));
  const names = useSocialServiceNames();
  const compact = Boolean(useSetting('social.compact_buttons'));
  const { signIn, pending, dialog } = useSocialLogin({
    onTwoFactor: onTwoFactor ?? (() => void navigate('/login', { state: TWO_FACTOR_STATE })),
  });
  if (services.length === 0) return null;

  const label = (service: SocialService) =>
    t('Continue with {{service}}', { service: names[service] });
  return (
    <div className={only ? 'flex flex-col gap-4' : 'mt-6 flex flex-col gap-4'}>
      {!only && (
        <div className="flex items-center gap-3 text-xs text-fg-muted">
          <span className="h-px flex-1 bg-border" />
          {t('or continue with')}
          <span className="h-px flex-1 bg-border" />
        </div>
      )}
      {compact && !only ? (
        <div className="flex justify-center gap-3">
          {services.map((service) => (
            <IconButton
              key={service}
              label={label(service)}
              variant="outline"
              size="lg"
              isLoading={pending === service}
              onClick={() => void signIn(service)}
            >
              <SocialIcon service={service} size={20} />
            </IconButton>
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          {services.map((service) => (
            <Button
              key={service}
              variant="outline"
              fullWidth
              isLoading={pending === service}
              startIcon={<SocialIcon service={service} />}
              onClick={() => void signIn(service)}
            >
              {label(service)}
            </Button>
          ))}
        </div>
      )}
      {dialog}
    </div>
  );
}
