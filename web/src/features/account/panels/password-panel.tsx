import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { applyServerErrors } from '../../../app/error-handling/handle-error';
import { useChangePassword } from '../api/account-api';
import { SettingsPanel } from '../../../ui/settings-panel';
import { NewPasswordFields, withMatchingConfirmation } from '../../auth/new-password-fields';

const schema = withMatchingConfirmation(
  z.object({
    current_password: z.string().min(1, 'The current password field is required.'),
    password: z.string().min(1, 'The new password field is required.'),
    password_confirmation: z.string().min(1, 'Confirm your new password.'),
  }),
);
type PasswordValues = z.infer<typeof schema>;
const EMPTY: PasswordValues = { current_password: '', password: '', password_confirmation: '' };

export function PasswordPanel() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onChange',
  });
  const { isDirty, isValid, errors } = form.formState;
  const currentPasswordError = errors.current_password?.message;

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast.positive(t('Password changed'));
      },
      onError: (error) =>
        applyServerErrors(
          error,
          form.setError,
          ['current_password', 'password', 'password_confirmation'],
          t,
        ),
    }),
  );

  return (
    <SettingsPanel
      id="password"
      title={t('Update password')}
      description={t('Use a long, random password that you do not use anywhere else.')}
      onSubmit={submit}
      actions={
        <Button type="submit" disabled={!isDirty || !isValid} isLoading={change.isPending}>
          {t('Update password')}
        </Button>
      }
    >
      <div className="flex flex-col gap-5">
        <TextField
          label={t('Current password')}
          type="password"
          autoComplete="current-password"
          required
          errorMessage={currentPasswordError && t(currentPasswordError)}
          {...form.register('current_password')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <NewPasswordFields form={form} revalidateConfirmation />
        </div>
      </div>
    </SettingsPanel>
  );
}
