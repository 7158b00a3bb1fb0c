import { PASSWORD_CONFIRMATION_SECONDS } from '@cadenza/contracts/auth';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import {
  accountApi,
  useLogoutOtherSessions,
  useSessions,
  type UserSession,
} from '../api/account-api';
import { PanelLoadError } from '../../../ui/panel-load-error';
import { SettingsPanel } from '../../../ui/settings-panel';
import { PasswordDialog } from '../../auth/password-dialog';
import { formatRelativeTime } from '../../../i18n/format';

function DeviceIcon({ type }: { type: UserSession['device_type'] }) {
  const props = { size: 28, 'aria-hidden': true, className: 'shrink-0 text-fg-muted' } as const;
  if (type === 'mobile') return <Smartphone {...props} />;
  if (type === 'tablet') return <Tablet {...props} />;
  return <Monitor {...props} />;
}

export function SessionsPanel() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const logoutOthers = useLogoutOtherSessions();
  const [dialogOpen, setDialogOpen] = useState(false);

  return (
    <SettingsPanel
      id="sessions"
      title={t('Active sessions')}
      description={t(
        'If necessary, you may log out of all of your other browser sessions across all of your devices.',
      )}
      actions={
        <Button variant="outline" onClick={() => setDialogOpen(true)}>
          {t('Log out other sessions')}
        </Button>
      }
    >
      <div aria-busy={sessions.isPending} className="max-h-[400px] overflow-y-auto">
        {sessions.isPending ? (
          <ul className="flex flex-col gap-4">
            {[0, 1].map((key) => (
              <li key={key} className="flex items-center gap-4">
                <Skeleton className="size-7 rounded-sm" />
                <div className="flex-1">
                  <Skeleton variant="text" className="w-40" />
                  <Skeleton variant="text" className="w-64" />
                </div>
              </li>
            ))}
          </ul>
        ) : sessions.isError ? (
          <PanelLoadError onRetry={() => void sessions.refetch()} />
        ) : (
          <ul className="flex flex-col gap-4">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex items-center gap-4">
                <DeviceIcon type={session.device_type} />
                <div className="min-w-0 text-sm">
                  <div className="font-medium">
                    {[session.platform, session.browser].filter(Boolean).join(' - ') ||
                      t('Unknown device')}
                  </div>
                  <div className="text-fg-muted">
                    {[session.city, session.country].filter(Boolean).join(', ')}
                    {(session.city || session.country) && ' · '}
                    <span className="tabular-nums">{session.ip_address}</span>
                    {' · '}
                    {session.is_current_device ? (
                      <span className="font-medium text-positive">{t('This device')}</span>
                    ) : (
                      t('Last active {{time}}', {
                        time: formatRelativeTime(session.last_active),
                      })
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <PasswordDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title={t('Log out other sessions')}
        description={t(
          'Please enter your password to confirm you would like to log out of your other browser sessions across all of your devices.',
        )}
        submitLabel={t('Log out other sessions')}
        onSubmit={async (password) => {
          // The server wants a recently confirmed password too; the one typed here confirms it.
          const { confirmed } = await accountApi.confirmedPasswordStatus(
            PASSWORD_CONFIRMATION_SECONDS,
          );
          if (!confirmed) await accountApi.confirmPassword(password);
          await logoutOthers.mutateAsync(password);
          setDialogOpen(false);
          toast.positive(t('Logged out other sessions.'));
        }}
      />
    </SettingsPanel>
  );
}
