import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { z } from 'zod';
import { Button } from '../../ui/button';
import { useForgotPasswordMutation } from './api/auth-api';
import { AuthFooterLink, AuthLayout } from './components/auth-layout';
import { EmailField, emailSchema } from './components/email-field';
import { applyServerErrors } from '../../app/error-handling/handle-error';

const schema = z.object({
  email: emailSchema,
});

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useForgotPasswordMutation();
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(({ email }) =>
    request.mutate(email, {
      onError: (error) => applyServerErrors(error, form.setError, ['email'], t),
    }),
  );
  const emailError = form.formState.errors.email?.message;

  return (
    <AuthLayout
      heading={t('Forgot password')}
      description={t(
        'Enter your email address and we will send you a link to reset your password.',
      )}
      footer={<AuthFooterLink to="/login">{t('Back to login')}</AuthFooterLink>}
    >
      {request.isSuccess ? (
        <p role="status" className="rounded-sm border border-border bg-bg px-4 py-3 text-sm">
          {request.data.message}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <EmailField errorMessage={emailError && t(emailError)} {...form.register('email')} />
          <Button type="submit" size="lg" fullWidth isLoading={request.isPending}>
            {t('Continue')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
