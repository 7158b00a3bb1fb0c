import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { z } from 'zod';
import { applyServerErrors } from '../../app/error-handling/handle-error';
import { Button } from '../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../ui/dialog';
import { TextField } from '../../ui/text-field';

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

/**
 * A dialog that asks for the account's password and hands it to `onSubmit`: confirming a
 * guarded action, or proving who connects a social account. Closing it forgets what was typed.
 */
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
