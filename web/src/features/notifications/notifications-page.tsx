import { BellOff, Settings } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { useAuthUser } from '../../api/bootstrap';
import { showError } from '../../app/error-handling/handle-error';
import { PageLoadError } from '../../app/page-load-error';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { useMarkAsRead, useNotifications } from './api/notifications-api';
import { NotificationList, NotificationListSkeleton } from './components/notification-list';

/** /notifications: 30 a page, newest first, kept live by the notification stream. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const notifications = useNotifications(page);
  const unread = useAuthUser()?.unread_notifications_count ?? 0;
  const markAsRead = useMarkAsRead();
  const goTo = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});

  return (
    <div className="flex-1 px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto flex max-w-[780px] flex-col gap-6">
        <header className="flex flex-wrap items-center gap-3">
          <h1 className="me-auto text-3xl font-semibold">{t('Notifications')}</h1>
          {unread > 0 && (
            <Button
              variant="outline"
              size="sm"
              isLoading={markAsRead.isPending}
              onClick={() => markAsRead.mutate('all', { onError: (error) => showError(error, t) })}
            >
              {t('Mark all as read')}
            </Button>
          )}
          {/* Always offered: an e-mail's unsubscribe link turns mail off, and this turns it on. */}
          <Button asChild variant="text" size="sm" className="gap-2">
            <Link to="/notifications/settings">
              <Settings size={16} aria-hidden />
              {t('Notification settings')}
            </Link>
          </Button>
        </header>
        {notifications.isPending ? (
          <div className="rounded-lg border border-border">
            <NotificationListSkeleton />
          </div>
        ) : notifications.isError ? (
          <PageLoadError inScreen onRetry={() => void notifications.refetch()} />
        ) : notifications.data.total === 0 ? (
          <EmptyState
            image={<BellOff size={40} strokeWidth={1.5} />}
            message={t('Hang tight!')}
            description={t('Notifications will start showing up here soon.')}
            className="rounded-lg border border-border"
          />
        ) : (
          <>
            <section
              aria-label={t('Notifications')}
              className="overflow-hidden rounded-lg border border-border"
            >
              <NotificationList notifications={notifications.data.data} />
            </section>
            {notifications.data.last_page > 1 && (
              <nav aria-label={t('Pages')} className="flex items-center justify-between gap-3">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => goTo(page - 1)}
                >
                  {t('Previous')}
                </Button>
                <span className="text-sm text-fg-muted">
                  {t('Page {{page}} of {{count}}', {
                    page,
                    count: notifications.data.last_page,
                  })}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= notifications.data.last_page}
                  onClick={() => goTo(page + 1)}
                >
                  {t('Next')}
                </Button>
              </nav>
            )}
          </>
        )}
      </div>
    </div>
  );
}
