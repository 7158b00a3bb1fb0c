import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast/toast-store';
import { useResetPasswordMutation } from './api/auth-api';
import { AuthLayout } from './components/auth-layout';
import { EmailField, emailSchema } from './components/email-field';
import { NewPasswordFields, withMatchingConfirmation } from './new-password-fields';
import { applyServerErrors } from '../../app/error-handling/handle-error';

const schema = withMatchingConfirmation(
  z.object({
    email: emailSchema,
    password: z.string().min(1, 'The password field is required.'),
    password_confirmation: z.string().min(1, 'Confirm your password.'),
  }),
);
type ResetValues = z.infer<typeof schema>;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { resetToken = '' } = useParams();
  const [searchParams] = useSearchParams();
  const reset = useResetPasswordMutation();
  const form = useForm<ResetValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: searchParams.get('email') ?? '',
      password: '',
      password_confirmation: '',
    },
  });

  const submit = form.handleSubmit((values) =>
    reset.mutate(
      { ...values, token: resetToken },
      {
        onSuccess: () => {
          toast.positive(t('Your password has been reset!'));
          void navigate('/login', { replace: true });
        },
        onError: (error) =>
          applyServerErrors(
            error,
            form.setError,
            ['email', 'password', 'password_confirmation'],
            t,
          ),
      },
    ),
  );

  const emailError = form.formState.errors.email?.message;
  return (
    <AuthLayout
      heading={t('Reset password')}
      description={t('Choose a new password for your account.')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <EmailField errorMessage={emailError && t(emailError)} {...form.register('email')} />
        <NewPasswordFields form={form} />
        <Button type="submit" size="lg" fullWidth isLoading={reset.isPending}>
          {t('Reset password')}
        </Button>
      </form>
    </AuthLayout>
  );
}
