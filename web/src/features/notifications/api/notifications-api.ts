import type { Pagination } from '@cadenza/contracts/http';
import type {
  Notification,
  NotificationChannel,
  NotificationSubscriptions,
} from '@cadenza/contracts/notifications';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { getBootstrapData, setBootstrapData } from '../../../api/bootstrap';

export const NOTIFICATIONS_PER_PAGE = 30;

export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number, perPage: number) => ['notifications', 'list', page, perPage] as const,
  subscriptions: ['notifications', 'subscriptions'] as const,
};

export const notificationsQueryOptions = (page: number, perPage = NOTIFICATIONS_PER_PAGE) =>
  queryOptions({
    queryKey: notificationKeys.page(page, perPage),
    queryFn: () =>
      apiClient
        .get<{ pagination: Pagination<Notification> }>('notifications', {
          params: { page, perPage },
        })
        .then((response) => response.pagination),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (page: number, perPage = NOTIFICATIONS_PER_PAGE) =>
  useQuery(notificationsQueryOptions(page, perPage));

/** The unread count lives on the user of bootstrap data: the bell and the page read it there. */
export function setUnreadCount(unreadCount: number): void {
  const data = getBootstrapData();
  if (!data.user || data.user.unread_notifications_count === unreadCount) return;
  setBootstrapData({ ...data, user: { ...data.user, unread_notifications_count: unreadCount } });
}

export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: string[] | 'all') =>
      apiClient.post<{ unreadCount: number }>(
        'notifications/mark-as-read',
        target === 'all' ? { markAllAsUnread: true } : { ids: target },
      ),
    onSuccess: ({ unreadCount }) => {
      setUnreadCount(unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<{ unreadCount: number }>(`notifications/${id}`),
    onSuccess: ({ unreadCount }) => {
      setUnreadCount(unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export const useNotificationSubscriptions = () =>
  useQuery({
    queryKey: notificationKeys.subscriptions,
    queryFn: () => apiClient.get<NotificationSubscriptions>('notifications/me/subscriptions'),
  });

export function useUpdateNotificationSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      selections: { notif_id: string; channels: Partial<Record<NotificationChannel, boolean>> }[],
    ) => apiClient.put<NotificationSubscriptions>('notifications/me/subscriptions', { selections }),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.subscriptions, data),
  });
}

/** Stops a user's notification e-mails from an e-mail's link, the token proving whose they are. */
export const useUnsubscribe = (token: string) =>
  useMutation({
    mutationFn: () =>
      apiClient.post<{ message: string }>(`notifications/unsubscribe/${encodeURIComponent(token)}`),
  });
