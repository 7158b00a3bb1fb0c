import { NOTIFICATION_EVENTS } from '@cadenza/contracts/notification-events';
import type { Notification } from '@cadenza/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthUser, useSetting } from '../../../api/bootstrap';
import { notificationKeys, setUnreadCount } from '../api/notifications-api';
import { showBrowserNotification } from './browser-notifications';

export const NOTIFICATION_STREAM_URL = '/api/v1/notifications/stream';

/**
 * Keeps the signed-in user's notifications live (DESIGN.md §8): one event stream per tab. The
 * count on the bell follows `unread` events; a new notification refreshes the lists shown and,
 * when the user chose the browser channel, appears as a system notification. EventSource
 * reconnects by itself and sends the last event id, so nothing is missed in between.
 */
export function useNotificationStream(): void {
  const queryClient = useQueryClient();
  const userId = useAuthUser()?.id;
  const integrated = useSetting('notifications.integrated') === true;

  useEffect(() => {
    if (!userId || !integrated || typeof EventSource === 'undefined') return;
    const source = new EventSource(NOTIFICATION_STREAM_URL, { withCredentials: true });
    source.addEventListener(NOTIFICATION_EVENTS.unread, (event) => {
      const { unreadCount } = JSON.parse((event as MessageEvent<string>).data) as {
        unreadCount: number;
      };
      setUnreadCount(unreadCount);
    });
    source.addEventListener(NOTIFICATION_EVENTS.notification, (event) => {
      const notification = JSON.parse((event as MessageEvent<string>).data) as Notification & {
        browser?: boolean;
      };
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      if (notification.browser) showBrowserNotification(notification);
    });
    return () => source.close();
  }, [userId, integrated, queryClient]);
}
