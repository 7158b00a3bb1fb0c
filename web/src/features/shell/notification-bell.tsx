import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuthUser, useSetting } from '../../app/bootstrap';
import { Button, IconButton } from '../../ui/button';
import { Popover } from '../../ui/popover';
import { useNotifications } from '../notifications/api/notifications-api';
import {
  NotificationList,
  NotificationListSkeleton,
} from '../notifications/components/notification-list';

/** How many of the latest notifications the popover shows. */
const LATEST = 5;

/**
 * The bell of the navbar, for signed-in users when notifications are integrated: the unread
 * count (kept live by the notification stream) and a popover of the latest notifications.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const integrated = useSetting('notifications.integrated') === true;
  const { pathname } = useLocation();
  // Open on the page it was opened on: following a notification leaves, and closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  if (!user || !integrated) return null;
  const unread = user.unread_notifications_count;
  const label =
    unread > 0 ? t('Notifications ({{count}} unread)', { count: unread }) : t('Notifications');

  return (
    <Popover
      open={open}
      onOpenChange={(next) => setOpenOn(next ? pathname : null)}
      align="end"
      aria-label={t('Notifications')}
      className="w-[min(400px,calc(100vw-32px))] p-0"
      trigger={
        <IconButton label={label} size="sm" radius="full" className={className}>
          <Bell size={20} aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="unread-count"
              className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs leading-none font-semibold text-primary-fg ring-2 ring-bg"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </IconButton>
      }
    >
      {open && <LatestNotifications />}
    </Popover>
  );
}

function LatestNotifications() {
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
