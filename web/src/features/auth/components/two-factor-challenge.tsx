import { RECOVERY_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH } from '@cadenza/contracts/auth';
import type { BootstrapData } from '@cadenza/contracts/bootstrap';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useTwoFactorChallengeMutation } from '../api/auth-api';
import { showError } from '../../../app/error-handling/handle-error';

const schemaFor = (length: number) =>
  z.object({
    code: z.string().trim().length(length, `The code must be ${length} characters.`),
  });

interface TwoFactorChallengeProps {
  onSuccess: (data: BootstrapData) => void;
}

/** The second step of logging in: an authenticator code, or one of the recovery codes. */
export function TwoFactorChallenge({ onSuccess }: TwoFactorChallengeProps) {
  const { t } = useTranslation();
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const length = useRecoveryCode ? RECOVERY_CODE_LENGTH : TWO_FACTOR_CODE_LENGTH;
  const form = useForm<{ code: string }>({
    resolver: zodResolver(schemaFor(length)),
    defaultValues: { code: '' },
  });
  const challenge = useTwoFactorChallengeMutation();

  const submit = form.handleSubmit(({ code }) => {
    const payload = useRecoveryCode ? { recovery_code: code } : { code };
    challenge.mutate(payload, {
      onSuccess: ({ bootstrapData }) => onSuccess(bootstrapData),
      onError: (error) => {
        // The server names the field it checked; either shows under the one input.
        const message = isApiError(error)
          ? (error.fieldError('code') ?? error.fieldError('recovery_code'))
          : undefined;
        if (message) form.setError('code', { type: 'server', message }, { shouldFocus: true });
        else showError(error, t);
      },
    });
  });

  const toggle = () => {
    setUseRecoveryCode((value) => !value);
    form.reset({ code: '' });
  };

  const codeError = form.formState.errors.code?.message;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <p className="text-sm text-fg-muted">
        {useRecoveryCode
          ? t('Confirm access to your account by entering one of your emergency recovery codes.')
          : t('Confirm access to your account by entering the code from your authenticator app.')}
      </p>
      <TextField
        key={useRecoveryCode ? 'recovery' : 'code'}
        label={useRecoveryCode ? t('Recovery code') : t('Code')}
        autoFocus
        required
        autoComplete="one-time-code"
        inputMode={useRecoveryCode ? 'text' : 'numeric'}
        maxLength={length}
        errorMessage={codeError && t(codeError)}
        {...form.register('code')}
      />
      <div className="flex flex-col gap-3">
        <Button type="submit" size="lg" fullWidth isLoading={challenge.isPending}>
          {t('Continue')}
        </Button>
        <Button variant="text" className="text-primary" onClick={toggle}>
          {useRecoveryCode ? t('Use an authentication code') : t('Use a recovery code')}
        </Button>
      </div>
    </form>
  );
}
