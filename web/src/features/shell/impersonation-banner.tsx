import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { apiClient } from '../../api/client';
import { useBootstrap } from '../../app/bootstrap';
import { showError } from '../../app/error-handling/handle-error';
import { Button } from '../../ui/button';

/** While an admin is signed in as another user: who, and the way back. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { user, impersonator } = useBootstrap();
  const [isPending, setIsPending] = useState(false);
  if (!user || !impersonator) return null;

  const stop = async () => {
    setIsPending(true);
    try {
      await apiClient.post('impersonation/stop');
      // A full load: the admin's own bootstrap data, back where they started.
      window.location.assign('/admin/users');
    } catch (error) {
      setIsPending(false);
      showError(error, t);
    }
  };

  return (
    <div
      role="status"
      className="sticky top-0 z-40 flex flex-wrap items-center justify-center gap-3 bg-warning px-4 py-2 text-sm font-medium text-black"
    >
      <span>{t('You are signed in as {{name}}.', { name: user.display_name || user.email })}</span>
      <Button size="xs" variant="outline" isLoading={isPending} onClick={() => void stop()}>
        {t('Back to {{name}}', { name: impersonator.display_name })}
      </Button>
    </div>
  );
}
