import { loginBodySchema } from '@cadenza/contracts/auth';
import { useTranslation } from '../../../i18n/use-translation';
import { TextField, type TextFieldProps } from '../../../ui/text-field';

/** The rule for the address, the same the server applies when it signs someone in. */
export const emailSchema = loginBodySchema.shape.email;

interface EmailFieldProps extends Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'> {
  /** The address came with the link the visitor followed: shown, but not to be edited. */
  locked?: boolean;
}

/** The account's e-mail address in the sign-in, registration and password forms. */
export function EmailField({ locked = false, ...props }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('Email')}
      type="email"
      autoComplete="email"
      required
      readOnly={locked}
      inputClassName={locked ? 'text-fg-muted' : undefined}
      {...props}
    />
  );
}
