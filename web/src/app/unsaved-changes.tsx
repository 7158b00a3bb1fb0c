import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * Asks before a screen with unsaved changes is left: moving between paths that start with
 * `within` is free (the screen's own panels), any other move asks first, and a reload or a
 * closed tab gets the browser's own question.
 */
export function UnsavedChangesGuard({ when, within }: { when: boolean; within: string }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ nextLocation }) => when && !nextLocation.pathname.startsWith(within),
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={t('Leave without saving?')}
      body={t('Your changes are not saved yet. If you leave now, they are lost.')}
      confirmLabel={t('Leave')}
      isPending={false}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
