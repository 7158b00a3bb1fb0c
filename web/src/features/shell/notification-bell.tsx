import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation } from 'react-router';
import { useAuthUser, useSetting } from '../../api/bootstrap';
import { IconButton } from '../../ui/button';
import { Popover } from '../../ui/popover';

// The list and its sanitizer load when the bell is first opened, not with every page.
const LatestNotifications = lazy(() =>
  import('../notifications/latest-notifications').then((m) => ({
    default: m.LatestNotifications,
  })),
);

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
      {open && (
        <Suspense fallback={<div className="h-48" aria-busy="true" />}>
          <LatestNotifications />
        </Suspense>
      )}
    </Popover>
  );
}
