import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './button';
import {
  FieldDescription,
  FieldError,
  FieldLabel,
  useFieldIds,
  type FieldTextProps,
} from './field';

export type TextFieldSize = 'sm' | 'md' | 'lg';

// Heights match the buttons of the same size: 36, 42, 50 px.
const sizeClasses: Record<TextFieldSize, string> = {
  sm: 'h-9 text-sm',
  md: 'h-10.5 text-sm',
  lg: 'h-12.5 text-base',
};

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'size'>, FieldTextProps {
  size?: TextFieldSize;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** Classes for the input itself; className styles the whole field. */
  inputClassName?: string;
}

/** A labelled input. The ref reaches the input, so react-hook-form can register and focus it. */
export function TextField({
  id: idFromProps,
  label,
  description,
  errorMessage,
  size = 'md',
  startAdornment,
  endAdornment,
  type = 'text',
  required,
  disabled,
  className,
  inputClassName,
  'aria-describedby': describedByFromProps,
  ...props
}: TextFieldProps) {
  const { t } = useTranslation();
  const ids = useFieldIds(idFromProps, { description, errorMessage }, describedByFromProps);
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const isPassword = type === 'password';

  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      {label && (
        <FieldLabel htmlFor={ids.id} id={ids.labelId} required={required}>
          {label}
        </FieldLabel>
      )}
      <div
        className={clsx(
          'flex items-center gap-2 rounded-sm border bg-bg px-3 transition-colors',
          'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-primary',
          ids.isInvalid ? 'border-danger' : 'border-border hover:border-fg-muted',
          disabled && 'cursor-not-allowed opacity-50',
          sizeClasses[size],
        )}
      >
        {startAdornment && (
          <span className="flex shrink-0 items-center text-fg-muted">{startAdornment}</span>
        )}
        <input
          {...props}
          id={ids.id}
          type={isPassword && isPasswordVisible ? 'text' : type}
          required={required}
          disabled={disabled}
          aria-invalid={ids.isInvalid || undefined}
          aria-describedby={ids.describedBy}
          className={clsx(
            // The wrapper draws the focus ring around the adornments too.
            'h-full min-w-0 flex-1 bg-transparent text-fg outline-none placeholder:text-fg-muted',
            'disabled:cursor-not-allowed',
            inputClassName,
          )}
        />
        {endAdornment && (
          <span className="flex shrink-0 items-center text-fg-muted">{endAdornment}</span>
        )}
        {isPassword && (
          <IconButton
            size="2xs"
            className="-me-1 text-fg-muted"
            label={isPasswordVisible ? t('Hide password') : t('Show password')}
            aria-controls={ids.id}
            disabled={disabled}
            onClick={() => setIsPasswordVisible((visible) => !visible)}
          >
            {isPasswordVisible ? <EyeOff size={16} /> : <Eye size={16} />}
          </IconButton>
        )}
      </div>
      {description && <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>}
      {ids.isInvalid && <FieldError id={ids.errorId}>{errorMessage}</FieldError>}
    </div>
  );
}
