import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerErrors } from '../../../app/error-handling/handle-error';
import { Button } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import { useSocialConnect, type SocialConnectResponse } from './social-api';

const schema = z.object({ password: z.string().min(1, 'The password field is required.') });
type Values = z.infer<typeof schema>;

interface ConnectAccountsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  serviceName: string;
  email: string | undefined;
  onConnected: (response: SocialConnectResponse) => void;
}

/**
 * The password-required dialog of spec section 2: an account with the service's e-mail exists,
 * and its password proves it is the same person before the two are connected.
 */
export function ConnectAccountsDialog({
  open,
  onOpenChange,
  serviceName,
  email,
  onConnected,
}: ConnectAccountsDialogProps) {
  const { t } = useTranslation();
  const connect = useSocialConnect();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const error = form.formState.errors.password?.message;

  const submit = form.handleSubmit((values) => {
    connect.mutate(values.password, {
      onSuccess: (response) => {
        form.reset();
        onConnected(response);
      },
      onError: (failure) => applyServerErrors(failure, form.setError, ['password'], t),
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="sm">
      <form onSubmit={submit} noValidate>
        <DialogHeader
          description={
            email
              ? t(
                  'An account with {{email}} already exists. Enter its password to connect it to {{service}}.',
                  { email, service: serviceName },
                )
              : t('Enter the password of your account to connect it to {{service}}.', {
                  service: serviceName,
                })
          }
        >
          {t('Connect accounts')}
        </DialogHeader>
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
          <Button type="submit" isLoading={connect.isPending}>
            {t('Connect')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
