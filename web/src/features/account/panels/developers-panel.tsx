import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { Button, IconButton } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { showError, applyServerErrors } from '../../../app/error-handling/handle-error';
import {
  useAccessTokens,
  useCreateAccessToken,
  useDeleteAccessToken,
  type AccessToken,
} from '../api/account-api';
import { PanelLoadError } from '../../../ui/panel-load-error';
import { SettingsPanel } from '../../../ui/settings-panel';
import { formatRelativeTime } from '../../../i18n/format';

const schema = z.object({
  tokenName: z.string().trim().min(1, 'The token name field is required.'),
});

export function DevelopersPanel() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const remove = useDeleteAccessToken();
  const tokens = useAccessTokens();

  const lastUsed = (token: AccessToken) =>
    token.last_used_at
      ? t('Last used {{time}}', {
          time: formatRelativeTime(token.last_used_at),
        })
      : t('Never used');

  return (
    <SettingsPanel
      id="developers"
      title={t('API access tokens')}
      description={t(
        'Tokens let other applications use the API on your behalf. Treat them like passwords.',
      )}
      actions={<Button onClick={() => setCreating(true)}>{t('Create token')}</Button>}
    >
      {tokens.isPending ? (
        <div aria-busy className="flex flex-col gap-3">
          <Skeleton variant="text" className="w-48" />
          <Skeleton variant="text" className="w-32" />
        </div>
      ) : tokens.isError ? (
        <PanelLoadError onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('You have not created any API tokens yet.')}</p>
      ) : (
        <ul aria-label={t('API tokens')} className="flex flex-col divide-y divide-border">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex items-center gap-4 py-3 first:pt-0 last:pb-0">
              <KeyRound size={20} aria-hidden className="shrink-0 text-fg-muted" />
              <div className="min-w-0 flex-1 text-sm">
                <div className="truncate font-medium">{token.name}</div>
                <div className="text-fg-muted">{lastUsed(token)}</div>
              </div>
              <IconButton
                label={t('Delete token {{name}}', { name: token.name })}
                className="text-fg-muted hover:text-danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(token.id, {
                    onSuccess: () => toast.positive(t('Token deleted')),
                    onError: (error) => showError(error, t),
                  })
                }
              >
                <Trash2 size={18} />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <CreateTokenDialog open={creating} onOpenChange={setCreating} />
    </SettingsPanel>
  );
}

function CreateTokenDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateAccessToken();
  const [plainTextToken, setPlainTextToken] = useState<string | null>(null);
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { tokenName: '' },
    // Checked as it is typed: Create waits for a valid name (spec section 5).
    mode: 'onChange',
  });
  const submit = form.handleSubmit(({ tokenName }) =>
    create.mutate(tokenName, {
      onSuccess: (response) => {
        setPlainTextToken(response.plainTextToken);
        toast.positive(t('Token create'));
      },
      onError: (error) => applyServerErrors(error, form.setError, ['tokenName'], t),
    }),
  );
  const close = (next: boolean) => {
    if (!next) {
      // The plain token is shown once: closing forgets it.
      setPlainTextToken(null);
      form.reset();
    }
    onOpenChange(next);
  };
  const error = form.formState.errors.tokenName?.message;

  return (
    <Dialog open={open} onOpenChange={close} size="md">
      {plainTextToken ? (
        <>
          <DialogHeader
            description={t(
              "Copy your new API token now. For your security, it won't be shown again.",
            )}
          >
            {t('API token created')}
          </DialogHeader>
          <DialogBody>
            <div className="flex items-center gap-2 rounded-sm border border-border bg-bg p-3">
              <code className="min-w-0 flex-1 break-all font-mono text-sm">{plainTextToken}</code>
              <CopyButton value={plainTextToken} size="xs" />
            </div>
          </DialogBody>
          <DialogFooter>
            <DialogClose>
              <Button>{t('Done')}</Button>
            </DialogClose>
          </DialogFooter>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogHeader>{t('Create new token')}</DialogHeader>
          <DialogBody>
            <TextField
              label={t('Token name')}
              autoFocus
              required
              errorMessage={error && t(error)}
              {...form.register('tokenName')}
            />
          </DialogBody>
          <DialogFooter>
            <DialogClose>
              <Button variant="text">{t('Cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={!form.formState.isValid} isLoading={create.isPending}>
              {t('Create')}
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
