import { useTranslation } from '../../../i18n/use-translation';
import { PasswordDialog } from '../password-dialog';
import { useSocialConnect, type SocialConnectResponse } from './social-api';

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

  return (
    <PasswordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Connect accounts')}
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
      submitLabel={t('Connect')}
      onSubmit={async (password) => onConnected(await connect.mutateAsync(password))}
    />
  );
}
