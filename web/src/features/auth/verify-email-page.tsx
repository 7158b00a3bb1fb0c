import { zodResolver } from '@hookform/resolvers/zod';
import { LogOut } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { z } from 'zod';
import { useAuthUser } from '../../api/bootstrap';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast/toast-store';
import { useResendVerificationMutation, useValidateVerificationCodeMutation } from './api/auth-api';
import { SiteLogo } from './components/site-logo';
import { maskEmail } from './mask-email';
import { showError, applyServerErrors } from '../../app/error-handling/handle-error';
import { useLogout } from './use-logout';

export const VERIFICATION_CODE_MAX_LENGTH = 6;

const schema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'The code field is required.')
    .max(VERIFICATION_CODE_MAX_LENGTH, 'The code may not be longer than 6 characters.'),
});

/** Reloads the page; a seam so tests can watch it. */
export const pageReloader = { reload: () => window.location.reload() };

/**
 * Shown on every path while the user's e-mail is unverified and confirmation is required
 * (the guard in app/guards.tsx decides). A verified code reloads the page, so the server
 * inlines the now-verified user.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const { logout, isPending: isLoggingOut } = useLogout();
  const validate = useValidateVerificationCodeMutation();
  const resend = useResendVerificationMutation();
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });

  const submit = form.handleSubmit(({ code }) =>
    validate.mutate(code, {
      onSuccess: () => pageReloader.reload(),
      onError: (error) => applyServerErrors(error, form.setError, ['code'], t),
    }),
  );

  const resendEmail = () =>
    resend.mutate(user?.email ?? '', {
      onSuccess: () => toast.positive(t('Email sent')),
      onError: (error) => showError(error, t),
    });

  const codeError = form.formState.errors.code?.message;
  return (
    <main className="flex min-h-dvh flex-col bg-bg text-fg">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <SiteLogo />
        <Button
          variant="outline"
          size="sm"
          startIcon={<LogOut size={16} aria-hidden />}
          isLoading={isLoggingOut}
          onClick={logout}
        >
          {t('Logout')}
        </Button>
      </header>
      <div className="flex flex-1 flex-col items-center px-4 pt-8 pb-16 sm:justify-center sm:pt-0">
        <div className="w-full max-w-[440px] rounded-lg border border-border bg-bg-elevated px-6 py-8 sm:px-8">
          <h1 className="text-2xl font-semibold">{t('Verify your email')}</h1>
          <p className="mt-2 text-sm text-fg-muted">
            {t('Enter the verification code we sent to {{email}}', {
              email: maskEmail(user?.email),
            })}
          </p>
          {/* Mail goes through a queue: a mail server that is down delays it, and says so. */}
          <p className="mt-1 text-sm text-fg-muted">{t('It may take a few minutes to arrive.')}</p>
          <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-5">
            <TextField
              label={t('Code')}
              placeholder={t('Enter your verification code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_MAX_LENGTH}
              required
              autoFocus
              errorMessage={codeError && t(codeError)}
              {...form.register('code')}
            />
            <Button
              type="submit"
              size="lg"
              fullWidth
              disabled={validate.isPending}
              isLoading={validate.isPending}
            >
              {t('Next')}
            </Button>
          </form>
          <p className="mt-6 text-sm text-fg-muted">
            {t(
              "If you don't see the email in your inbox, check your spam folder and promotions tab. If you still don't see it, request a resend.",
            )}{' '}
            <button
              type="button"
              className="font-medium text-primary hover:underline disabled:opacity-50"
              disabled={resend.isPending}
              onClick={resendEmail}
            >
              {t('Resend email')}
            </button>
          </p>
        </div>
      </div>
    </main>
  );
}
