import type { AdminUser } from '@cadenza/contracts/admin';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { Button } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { useBanUser } from '../api/admin-api';

/** Bans a user with a reason and, optionally, an end; they are signed out everywhere. */
export function BanDialog({
  user,
  onOpenChange,
}: {
  user: AdminUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange} size="md">
      <DialogHeader
        description={t('They are signed out everywhere and cannot sign in until the ban ends.')}
      >
        {t('Ban {{name}}', { name: user?.display_name ?? '' })}
      </DialogHeader>
      {/* Keyed by the user, so a new ban starts with empty fields. */}
      {user && <BanForm key={user.id} user={user} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function BanForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { t } = useTranslation();
  const ban = useBanUser();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; banned_until?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setErrors({ reason: t('Say why the account is banned.') });
    // The date field gives local time; the server takes an instant.
    const bannedUntil = until ? new Date(until).toISOString() : null;
    if (bannedUntil && Date.parse(bannedUntil) <= Date.now()) {
      return setErrors({ banned_until: t('The ban must end in the future.') });
    }
    ban.mutate(
      { id: user.id, reason: reason.trim(), banned_until: bannedUntil },
      {
        onSuccess: () => {
          toast.positive(t('{{name}} is banned and signed out', { name: user.display_name }));
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            const fields = error.fieldErrors;
            setErrors({ reason: fields.reason, banned_until: fields.banned_until });
          } else showError(error, t);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
      <DialogBody className="flex flex-col gap-5">
        <TextField
          label={t('Reason')}
          required
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          errorMessage={errors.reason}
        />
        <TextField
          label={t('Ends')}
          type="datetime-local"
          description={t('Leave empty to ban until you lift it.')}
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          errorMessage={errors.banned_until}
        />
      </DialogBody>
      <DialogFooter>
        <DialogClose>
          <Button variant="text">{t('Cancel')}</Button>
        </DialogClose>
        <Button type="submit" variant="danger" isLoading={ban.isPending}>
          {t('Ban')}
        </Button>
      </DialogFooter>
    </form>
  );
}
