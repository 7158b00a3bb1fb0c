import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthUser, useSetting } from '../../app/bootstrap';
import { IconButton } from '../../ui/button';

/** A bell linking to the notifications, for logged-in users when notifications are integrated. */
export function NotificationBell({ className }: { className?: string }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const integrated = useSetting('notifications.integrated') === true;
  if (!user || !integrated) return null;
  const unread = user.unread_notifications_count;
  const label =
    unread > 0 ? t('Notifications ({{count}} unread)', { count: unread }) : t('Notifications');

  return (
    <IconButton asChild label={label} size="sm" radius="full" className={className}>
      <Link to="/notifications">
        <Bell size={20} aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute top-1 right-1 size-2 rounded-full bg-primary ring-2 ring-bg"
          />
        )}
      </Link>
    </IconButton>
  );
}
