import type { SocialProfile } from '@cadenza/contracts/social-auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { showError } from '../../app/error-handling/handle-error';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast/toast-store';
import { SettingsPanel } from '../../ui/settings-panel';
import { PanelLoadError } from '../../ui/panel-load-error';
import { socialKeys, useSocialDisconnect, useSocialProfiles } from './social/social-api';
import { SocialIcon } from './social/social-icons';
import { handleSocialResult } from './social/social-result';
import { openSocialPopup } from './social/social-popup';
import {
  useEnabledSocialServices,
  useSocialServiceNames,
  type SocialService,
} from './social/social-services';

/**
 * Account settings' social login panel (id social-login): each enabled service offers Disable
 * when it is connected (a username exists) and Enable otherwise. Hidden with no service enabled.
 */
export function SocialLoginPanel() {
  const { t } = useTranslation();
  const services = useEnabledSocialServices();
  const serviceNames = useSocialServiceNames();
  const profiles = useSocialProfiles();
  const queryClient = useQueryClient();
  const disconnect = useSocialDisconnect();
  const [connecting, setConnecting] = useState<SocialService | null>(null);
  if (services.length === 0) return null;

  async function connect(service: SocialService) {
    setConnecting(service);
    const result = await openSocialPopup(`/secure/auth/social/${service}/connect`);
    setConnecting(null);
    handleSocialResult(result, {
      signedIn: () => {},
      twoFactor: () => {},
      alreadyLoggedIn: () => {},
      requestPassword: () => {},
      connected: (connected) => {
        void queryClient.invalidateQueries({ queryKey: socialKeys.profiles });
        toast.positive(t('Connected to {{service}}', { service: serviceNames[connected] }));
      },
      error: (message) => toast.danger(t(message)),
    });
  }

  const profileOf = (service: SocialService): SocialProfile | undefined =>
    profiles.data?.find((profile) => profile.service_name === service);

  return (
    <SettingsPanel
      id="social-login"
      title={t('Social login')}
      description={t('Enable or disable connected social services.')}
    >
      {profiles.isPending ? (
        <ul aria-busy className="flex flex-col gap-4">
          {services.map((service) => (
            <li key={service} className="flex items-center gap-4">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex-1">
                <Skeleton variant="text" className="w-32" />
                <Skeleton variant="text" className="w-48" />
              </div>
            </li>
          ))}
        </ul>
      ) : profiles.isError ? (
        <PanelLoadError onRetry={() => void profiles.refetch()} />
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {services.map((service) => {
            const profile = profileOf(service);
            const name = serviceNames[service];
            return (
              <li key={service} className="flex items-center gap-4 py-3 first:pt-0 last:pb-0">
                <span className="grid size-10 shrink-0 place-items-center rounded-full border border-border bg-bg">
                  <SocialIcon service={service} size={20} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{name}</p>
                  <p className="truncate text-sm text-fg-muted">
                    {profile?.username
                      ? t('Connected as {{username}}', { username: profile.username })
                      : t('Not connected')}
                  </p>
                </div>
                {profile?.username ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('Disable {{service}}', { service: name })}
                    isLoading={disconnect.isPending && disconnect.variables === service}
                    onClick={() =>
                      disconnect.mutate(service, {
                        onSuccess: () =>
                          toast.positive(t('Disconnected from {{service}}', { service: name })),
                        onError: (error) => showError(error, t),
                      })
                    }
                  >
                    {t('Disable')}
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('Enable {{service}}', { service: name })}
                    isLoading={connecting === service}
                    onClick={() => void connect(service)}
                  >
                    {t('Enable')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </SettingsPanel>
  );
}
