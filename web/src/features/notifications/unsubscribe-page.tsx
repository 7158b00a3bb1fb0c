import { MailX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useUnsubscribe } from './api/notifications-api';

/**
 * Where the link of a notification e-mail leads: it stops those e-mails without signing in,
 * the token in the address being the proof of whose they are.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe(token);
  const { mutate } = unsubscribe;
  useEffect(() => mutate(), [mutate]);

  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      {unsubscribe.isError ? (
        <>
          <h1 className="text-2xl font-semibold">
            {isApiError(unsubscribe.error, 404)
              ? t('This unsubscribe link is not valid.')
              : t('There was an issue loading this page')}
          </h1>
          <p className="max-w-md text-sm text-fg-muted">
            {t('You can choose which e-mails you get in your notification settings.')}
          </p>
          <Button asChild variant="outline">
            <Link to="/notifications/settings">{t('Notification settings')}</Link>
          </Button>
        </>
      ) : unsubscribe.isSuccess ? (
        <>
          <MailX size={40} strokeWidth={1.5} aria-hidden className="text-fg-muted" />
          <h1 className="text-2xl font-semibold">{t('You are unsubscribed')}</h1>
          <p role="status" className="max-w-md text-sm text-fg-muted">
            {unsubscribe.data.message}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild variant="outline">
              <Link to="/notifications/settings">{t('Notification settings')}</Link>
            </Button>
            <Button asChild variant="text">
              <Link to="/">{t('Go to the homepage')}</Link>
            </Button>
          </div>
        </>
      ) : (
        <Spinner />
      )}
    </main>
  );
}
