import { PASSWORD_CONFIRMATION_SECONDS } from '@cadenza/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import { showError, applyServerErrors } from '../../../app/error-handling/handle-error';
import { accountApi } from '../api/account-api';

const schema = z.object({ password: z.string().min(1, 'The password field is required.') });

interface PasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  submitLabel: ReactNode;
  /** Sends the password; a field error on `password` is shown under the field. */
  onSubmit: (password: string) => Promise<unknown>;
}

/** A dialog that asks for the account's password and hands it to `onSubmit`. */
export function PasswordDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  onSubmit,
}: PasswordDialogProps) {
  const { t } = useTranslation();
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '' },
  });
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await onSubmit(password);
      form.reset();
    } catch (error) {
      applyServerErrors(error, form.setError, ['password'], t);
    }
  });
  const error = form.formState.errors.password?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      size="sm"
    >
      <form onSubmit={submit} noValidate>
        <DialogHeader description={description}>{title}</DialogHeader>
        <DialogBody>
          <TextField
            label={t('Password')}
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            errorMessage={error && t(error)}
            {...form.register('password')}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

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
