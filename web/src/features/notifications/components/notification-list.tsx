import type { Notification } from '@cadenza/contracts/notifications';
import { Skeleton } from '../../../ui/skeleton';
import { NotificationItem } from './notification-item';

/** Notifications, newest first, divided by hairlines. */
export function NotificationList({ notifications }: { notifications: Notification[] }) {
  return (
    <ul className="divide-y divide-border">
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </ul>
  );
}

/** The shape of a few notifications while the first ones load. */
export function NotificationListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul aria-busy className="divide-y divide-border">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="flex gap-3 px-4 py-3">
          <Skeleton variant="circle" className="size-10 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton variant="text" className="w-3/4" />
            <Skeleton variant="text" className="w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}
