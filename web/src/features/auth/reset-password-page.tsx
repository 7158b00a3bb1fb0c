import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast/toast-store';
import { useResetPasswordMutation } from './api/auth-api';
import { AuthLayout } from './components/auth-layout';
import { applyServerErrors } from '../../app/error-handling/handle-error';

const schema = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, 'The email field is required.')
      .email('Enter a valid email address.'),
    password: z.string().min(1, 'The password field is required.'),
    password_confirmation: z.string().min(1, 'Confirm your password.'),
  })
  .refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match.',
  });
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

  const { errors } = form.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);
  return (
    <AuthLayout
      heading={t('Reset password')}
      description={t('Choose a new password for your account.')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label={t('Email')}
          type="email"
          autoComplete="email"
          required
          errorMessage={message(errors.email?.message)}
          {...form.register('email')}
        />
        <TextField
          label={t('New password')}
          type="password"
          autoComplete="new-password"
          required
          errorMessage={message(errors.password?.message)}
          {...form.register('password')}
        />
        <TextField
          label={t('Confirm password')}
          type="password"
          autoComplete="new-password"
          required
          errorMessage={message(errors.password_confirmation?.message)}
          {...form.register('password_confirmation')}
        />
        <Button type="submit" size="lg" fullWidth isLoading={reset.isPending}>
          {t('Reset password')}
        </Button>
      </form>
    </AuthLayout>
  );
}
