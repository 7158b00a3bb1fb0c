import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import type { z } from 'zod';
import { TextField } from '../../ui/text-field';

/** The two values of a form that sets a new password, named as the API names them. */
export interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}

/** Adds the rule that the confirmation repeats the password; a mismatch shows under it. */
export function withMatchingConfirmation<Schema extends z.ZodType<NewPasswordValues>>(
  schema: Schema,
): Schema {
  return schema.refine((values) => values.password === values.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match.',
  });
}

interface NewPasswordFieldsProps<Values extends NewPasswordValues> {
  form: UseFormReturn<Values>;
  /** 'New password' unless the form sets the first one, as registration does. */
  passwordLabel?: ReactNode;
  /**
   * For forms validated as the user types: editing the password re-checks a confirmation
   * already typed, so the mismatch message follows both fields.
   */
  revalidateConfirmation?: boolean;
}

/**
 * The new password and its confirmation, as two sibling fields so the caller's layout places
 * them (stacked in the auth forms, side by side in account settings).
 */
export function NewPasswordFields<Values extends NewPasswordValues>({
  form,
  passwordLabel,
  revalidateConfirmation = false,
}: NewPasswordFieldsProps<Values>) {
  const { t } = useTranslation();
  // The form may hold more values; these fields only read and write the two they own.
  const fields = form as unknown as UseFormReturn<NewPasswordValues>;
  const { errors } = fields.formState;
  const message = (text: string | undefined) => (text ? t(text) : undefined);
  const recheckConfirmation = () => {
    if (fields.getValues('password_confirmation')) void fields.trigger('password_confirmation');
  };

  return (
    <>
      <TextField
        label={passwordLabel ?? t('New password')}
        type="password"
        autoComplete="new-password"
        required
        errorMessage={message(errors.password?.message)}
        {...fields.register(
          'password',
          revalidateConfirmation ? { onChange: recheckConfirmation } : undefined,
        )}
      />
      <TextField
        label={t('Confirm password')}
        type="password"
        autoComplete="new-password"
        required
        errorMessage={message(errors.password_confirmation?.message)}
        {...fields.register('password_confirmation')}
      />
    </>
  );
}
