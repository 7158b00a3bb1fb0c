import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { setBootstrapData } from '../../../api/bootstrap';
import { Button } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { toast } from '../../../ui/toast/toast-store';
import { showError } from '../../../app/error-handling/handle-error';
import { accountApi, useDeleteAccount, type AccountUser } from '../api/account-api';
import { SettingsPanel } from '../../../ui/settings-panel';

interface DeleteAccountPanelProps {
  user: AccountUser;
  withConfirmedPassword: (action: () => void) => void;
}

export function DeleteAccountPanel({ user, withConfirmedPassword }: DeleteAccountPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();

  const deleteAccount = () =>
    remove.mutate(user.id, {
      onSuccess: async () => {
        toast.positive(t('Account deleted'));
        // The session is gone with the account: continue as a guest.
        setBootstrapData(await accountApi.bootstrapData());
        void navigate('/login', { replace: true });
      },
      onError: (error) => showError(error, t),
    });

  return (
    <SettingsPanel
      id="delete-account"
      title={t('Danger zone')}
      description={t('Delete your account and everything in it.')}
      className="border-danger/40"
      actions={
        <Button variant="danger" onClick={() => setConfirming(true)} isLoading={remove.isPending}>
          {t('Delete account')}
        </Button>
      }
    >
      <p className="text-sm text-fg-muted">
        {t(
          'Once your account is deleted, all of its resources and data will be permanently deleted. This cannot be undone.',
        )}
      </p>
      <Dialog open={confirming} onOpenChange={setConfirming} size="sm">
        <DialogHeader>{t('Delete account?')}</DialogHeader>
        <DialogBody>
          <p className="text-sm">
            {t('Your account will be deleted immediately and permanently. Are you sure?')}
          </p>
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false);
              withConfirmedPassword(deleteAccount);
            }}
          >
            {t('Delete')}
          </Button>
        </DialogFooter>
      </Dialog>
    </SettingsPanel>
  );
}
