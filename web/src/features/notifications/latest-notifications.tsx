import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { useNotifications } from './api/notifications-api';
import { NotificationList, NotificationListSkeleton } from './components/notification-list';

/** How many of the latest notifications the navbar's bell shows. */
const LATEST = 5;

/** The bell's popover: the latest notifications and a way to all of them. */
export function LatestNotifications() {
  const { t } = useTranslation();
  const latest = useNotifications(1, LATEST);

  return (
    <div className="flex max-h-[min(520px,var(--radix-popover-content-available-height))] flex-col">
      <p className="border-b border-border px-4 py-3 text-sm font-semibold">{t('Notifications')}</p>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {latest.isPending ? (
          <NotificationListSkeleton count={3} />
        ) : latest.isError ? (
          <div role="alert" className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <p className="text-sm">{t('There was an issue loading notifications')}</p>
            <Button variant="outline" size="xs" onClick={() => void latest.refetch()}>
              {t('Try again')}
            </Button>
          </div>
        ) : latest.data.total === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-fg-muted">
            {t('You have no notifications yet.')}
          </p>
        ) : (
          <NotificationList notifications={latest.data.data} />
        )}
      </div>
      <Link
        to="/notifications"
        className="border-t border-border px-4 py-3 text-center text-sm font-medium text-primary hover:bg-bg-hover"
      >
        {t('View all notifications')}
      </Link>
    </div>
  );
}
