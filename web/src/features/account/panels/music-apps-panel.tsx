import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { formatRelativeTime } from '../../../i18n/format';
import { Button } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { PanelLoadError } from '../../../ui/panel-load-error';
import { SettingsPanel } from '../../../ui/settings-panel';
import {
  useGenerateMusicAppsPassword,
  useMusicApps,
  useRevokeMusicAppsPassword,
} from '../api/account-api';

/** A value to type into a music app, with a button to copy it. */
function Copyable({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm text-fg-muted">{label}</span>
      <div className="flex items-center gap-2 rounded-sm border border-border bg-bg px-3 py-2">
        <code className="min-w-0 flex-1 font-mono text-sm break-all">{value}</code>
        <CopyButton value={value} size="xs" iconOnly label={t('Copy {{name}}', { name: label })} />
      </div>
    </div>
  );
}

/**
 * Account settings' "Music apps": what phone and desktop players that speak the Subsonic API
 * need to sign in (the server, the username, a password of their own, never the login password).
 */
export function MusicAppsPanel() {
  const { t } = useTranslation();
  const apps = useMusicApps();
  const [shown, setShown] = useState<string | null>(null);
  const generate = useGenerateMusicAppsPassword();
  const revoke = useRevokeMusicAppsPassword();
  const generatePassword = () =>
    generate.mutate(undefined, {
      onSuccess: ({ password }) => setShown(password),
      onError: (error) => showError(error, t),
    });
  const revokePassword = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setShown(null);
        toast.positive(t('Music apps password revoked'));
      },
      onError: (error) => showError(error, t),
    });

  return (
    <SettingsPanel
      id="music-apps"
      title={t('Music apps')}
      description={t(
        'Listen in apps such as Symfonium, DSub, Feishin or Supersonic. Apps that take an API key can use an API token instead of a password.',
      )}
      actions={
        apps.data && (
          <>
            {apps.data.has_password && (
              <Button variant="text" isLoading={revoke.isPending} onClick={revokePassword}>
                {t('Revoke password')}
              </Button>
            )}
            <Button isLoading={generate.isPending} onClick={generatePassword}>
              {apps.data.has_password ? t('Generate a new password') : t('Generate password')}
            </Button>
          </>
        )
      }
    >
      {apps.isPending ? (
        <div aria-busy className="flex flex-col gap-3">
          <Skeleton variant="text" className="w-64" />
          <Skeleton variant="text" className="w-48" />
        </div>
      ) : apps.isError ? (
        <PanelLoadError onRetry={() => void apps.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <Copyable label={t('Server address')} value={apps.data.server_url} />
          <Copyable label={t('Username')} value={apps.data.username} />
          {shown ? (
            <div className="flex flex-col gap-2">
              <Copyable label={t('Password')} value={shown} />
              <p role="status" className="text-sm text-fg-muted">
                {t("Copy it into your app now. For your security, it won't be shown again.")}
              </p>
            </div>
          ) : (
            <p className="flex items-center gap-2 text-sm text-fg-muted">
              <KeyRound size={16} aria-hidden />
              {apps.data.has_password
                ? apps.data.last_used_at
                  ? t('Password in use, last {{time}}', {
                      time: formatRelativeTime(apps.data.last_used_at),
                    })
                  : t('Password generated, not used yet')
                : t('No password yet: generate one for your apps.')}
            </p>
          )}
        </div>
      )}
    </SettingsPanel>
  );
}
