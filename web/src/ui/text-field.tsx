import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { IconButton } from './button';
import { cn } from './cn';
import {
  controlSizeClasses,
  Field,
  useField,
  type ControlSize,
  type LabelledControlProps,
} from './field';

export interface TextFieldProps
  extends Omit<ComponentProps<'input'>, 'size'>, LabelledControlProps {
  size?: ControlSize;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** Classes for the input itself; className styles the whole field. */
  inputClassName?: string;
}

/** A labelled input. The ref reaches the input, so react-hook-form can register and focus it. */
export function TextField({
  size = 'md',
  startAdornment,
  endAdornment,
  type = 'text',
  disabled,
  inputClassName,
  ...props
}: TextFieldProps) {
  const { t } = useTranslation();
  const { field, control, isInvalid, rest } = useField(props);
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const isPassword = type === 'password';

  return (
    <Field {...field}>
      <div
        className={cn(
          'flex items-center gap-2 rounded-sm border bg-bg px-3 transition-colors',
          'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-primary',
          isInvalid ? 'border-danger' : 'border-border hover:border-fg-muted',
          disabled && 'cursor-not-allowed opacity-50',
          controlSizeClasses[size],
        )}
      >
        {startAdornment && (
          <span className="flex shrink-0 items-center text-fg-muted">{startAdornment}</span>
        )}
        <input
          {...rest}
          {...control}
          type={isPassword && isPasswordVisible ? 'text' : type}
          disabled={disabled}
          className={cn(
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
            aria-controls={control.id}
            disabled={disabled}
            onClick={() => setIsPasswordVisible((visible) => !visible)}
          >
            {isPasswordVisible ? <EyeOff size={16} /> : <Eye size={16} />}
          </IconButton>
        )}
      </div>
    </Field>
  );
}
