import { TWO_FACTOR_CODE_LENGTH } from '@cadenza/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { Button } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';
import { Skeleton } from '../../../ui/skeleton';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { showError, applyServerErrors } from '../../../app/error-handling/handle-error';
import {
  twoFactorQrQueryOptions,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRecoveryCodes,
  useRegenerateRecoveryCodes,
  type AccountUser,
  type TwoFactorState,
} from '../api/account-api';
import { SettingsPanel } from '../../../ui/settings-panel';

interface TwoFactorPanelProps {
  user: AccountUser;
  withConfirmedPassword: (action: () => void) => void;
  isCheckingPassword: boolean;
}

export function TwoFactorPanel({
  user,
  withConfirmedPassword,
  isCheckingPassword,
}: TwoFactorPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The server says whether two-factor is set up (waiting for confirmation after a reload too);
  // what this panel just did overrides it until the user is fetched again.
  const [pending, setPending] = useState<boolean | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [showCodes, setShowCodes] = useState(false);
  const state: TwoFactorState = user.two_factor_confirmed_at
    ? 2
    : (pending ?? user.two_factor_enabled ?? false)
      ? 1
      : 0;
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const fetchCodes = useRecoveryCodes();
  const regenerate = useRegenerateRecoveryCodes();

  const guarded = (action: () => void) => () => withConfirmedPassword(action);
  const onEnable = guarded(() =>
    enable.mutate(undefined, {
      onSuccess: (response) => {
        queryClient.removeQueries({ queryKey: twoFactorQrQueryOptions.queryKey });
        setCodes(response.recovery_codes);
        setPending(true);
      },
      onError: (error) => showError(error, t),
    }),
  );
  const onDisable = guarded(() =>
    disable.mutate(undefined, {
      onSuccess: () => {
        setPending(false);
        setCodes(null);
        setShowCodes(false);
        toast.positive(t('Two factor authentication has been disabled.'));
      },
      onError: (error) => showError(error, t),
    }),
  );
  const onToggleCodes = () => {
    if (showCodes) {
      setShowCodes(false);
      return;
    }
    withConfirmedPassword(() =>
      fetchCodes.mutate(undefined, {
        onSuccess: (response) => {
          setCodes(response.recovery_codes);
          setShowCodes(true);
        },
        onError: (error) => showError(error, t),
      }),
    );
  };
  const onRegenerate = guarded(() =>
    regenerate.mutate(undefined, {
      onSuccess: (response) => {
        setCodes(response.recovery_codes);
        setShowCodes(true);
      },
      onError: (error) => showError(error, t),
    }),
  );
  const onConfirmed = () => {
    setPending(false);
    setShowCodes(true);
  };

  const heading =
    state === 2
      ? t('You have enabled two factor authentication.')
      : state === 1
        ? t('Finish enabling two factor authentication.')
        : t('You have not enabled two factor authentication.');

  return (
    <SettingsPanel
      id="two-factor"
      title={t('Two factor authentication')}
      description={t('Add additional security to your account using two factor authentication.')}
      actions={
        state === 0 ? (
          <Button onClick={onEnable} isLoading={enable.isPending || isCheckingPassword}>
            {t('Enable')}
          </Button>
        ) : (
          <>
            {state === 2 && (
              <>
                <Button variant="outline" onClick={onRegenerate} isLoading={regenerate.isPending}>
                  {t('Regenerate recovery codes')}
                </Button>
                <Button
                  variant="outline"
                  onClick={onToggleCodes}
                  isLoading={fetchCodes.isPending}
                  aria-expanded={showCodes}
                >
                  {showCodes ? t('Hide recovery codes') : t('Show recovery codes')}
                </Button>
              </>
            )}
            <Button variant="danger" onClick={onDisable} isLoading={disable.isPending}>
              {state === 1 ? t('Cancel') : t('Disable')}
            </Button>
          </>
        )
      }
    >
      <div className="flex items-start gap-3">
        <ShieldCheck
          size={20}
          aria-hidden
          className={clsx('mt-0.5 shrink-0', state === 2 ? 'text-positive' : 'text-fg-muted')}
        />
        <div>
          <p className="font-medium">{heading}</p>
          <p className="mt-1 text-sm text-fg-muted">
            {t(
              "When two factor authentication is enabled, you will be prompted for a secure, random token during authentication. You may retrieve this token from your phone's authenticator application.",
            )}
          </p>
        </div>
      </div>
      {state === 1 && <ConfirmTwoFactor onConfirmed={onConfirmed} />}
      {state !== 0 && (state === 1 || showCodes) && codes && <RecoveryCodes codes={codes} />}
    </SettingsPanel>
  );
}

const codeSchema = z.object({
  code: z.string().trim().length(TWO_FACTOR_CODE_LENGTH, 'The code must be 6 characters.'),
});

function ConfirmTwoFactor({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation();
  const qr = useQuery(twoFactorQrQueryOptions);
  const confirm = useConfirmTwoFactor();
  const form = useForm<z.infer<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onSuccess: () => {
        onConfirmed();
        toast.positive(t('Two factor authentication has been enabled.'));
      },
      onError: (error) => applyServerErrors(error, form.setError, ['code'], t),
    }),
  );
  const error = form.formState.errors.code?.message;

  return (
    <div className="mt-6 flex flex-col gap-6 border-t border-border pt-6 sm:flex-row">
      <div className="flex size-48 shrink-0 items-center justify-center self-center rounded-lg bg-white p-3 sm:self-start">
        {qr.data ? (
          <div
            role="img"
            aria-label={t('QR code')}
            className="size-full [&_svg]:size-full"
            // The server renders the QR code as an SVG of paths from our own qrcode library.
            dangerouslySetInnerHTML={{ __html: qr.data.svg }}
          />
        ) : (
          <Skeleton className="size-full" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <p className="text-sm">
          {t(
            "To finish enabling two factor authentication, scan the QR code with your phone's authenticator application or enter the setup key, then provide the generated code.",
          )}
        </p>
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t('Setup key')}</span>
          <div className="flex items-center gap-2">
            {qr.data ? (
              <code
                data-testid="two-factor-secret"
                className="min-w-0 break-all rounded-sm bg-bg px-2 py-1 font-mono text-sm"
              >
                {qr.data.secret}
              </code>
            ) : (
              <Skeleton variant="text" className="w-48" />
            )}
            {qr.data && <CopyButton value={qr.data.secret} iconOnly size="xs" variant="text" />}
          </div>
        </div>
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <TextField
            className="flex-1"
            label={t('Code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TWO_FACTOR_CODE_LENGTH}
            required
            errorMessage={error && t(error)}
            {...form.register('code')}
          />
          <Button type="submit" className="sm:mt-7" isLoading={confirm.isPending}>
            {t('Confirm')}
          </Button>
        </form>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  if (codes.length === 0) return null;
  return (
    <div className="mt-6 border-t border-border pt-6">
      <p className="text-sm">
        {t(
          'Store these recovery codes in a secure password manager. They can be used to recover access to your account if your two factor authentication device is lost.',
        )}
      </p>
      <div className="relative mt-4 rounded-lg bg-bg p-4">
        <ul
          aria-label={t('Recovery codes')}
          className="grid gap-1 font-mono text-sm sm:grid-cols-2"
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <CopyButton value={codes.join('\n')} size="xs" className="mt-4" />
      </div>
    </div>
  );
}
