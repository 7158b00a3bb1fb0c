import { PASSWORD_CONFIRMATION_SECONDS } from '@cadenza/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { PasswordDialog } from '../../auth/password-dialog';
import { accountApi } from '../api/account-api';

/**
 * Runs guarded actions (two-factor changes, account deletion) only with a recently confirmed
 * password: asks the server whether the password was confirmed within 9000 s, and when it was
 * not, shows the password-confirmation dialog first. Render `dialog` once in the screen.
 */
export function usePasswordConfirmation() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const pending = useRef<(() => void) | null>(null);
  const status = useMutation({
    mutationFn: () => accountApi.confirmedPasswordStatus(PASSWORD_CONFIRMATION_SECONDS),
  });

  const withConfirmedPassword = useCallback(
    (action: () => void) => {
      status.mutate(undefined, {
        onSuccess: ({ confirmed }) => {
          if (confirmed) {
            action();
            return;
          }
          pending.current = action;
          setOpen(true);
        },
        onError: (error) => showError(error, t),
      });
    },
    [status, t],
  );

  const dialog = (
    <PasswordDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) pending.current = null;
      }}
      title={t('Confirm password')}
      description={t('For your security, please confirm your password to continue.')}
      submitLabel={t('Confirm')}
      onSubmit={async (password) => {
        await accountApi.confirmPassword(password);
        const action = pending.current;
        pending.current = null;
        setOpen(false);
        action?.();
      }}
    />
  );

  return { withConfirmedPassword, isChecking: status.isPending, dialog };
}
