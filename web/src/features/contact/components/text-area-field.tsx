import clsx from 'clsx';
import type { ComponentProps } from 'react';
import { FieldError, FieldLabel, useFieldIds, type FieldTextProps } from '../../../ui/field';

export interface TextAreaFieldProps extends ComponentProps<'textarea'>, FieldTextProps {}

/**
 * A labelled multi-line field, styled like the design system's TextField (which has no
 * multi-line variant yet). The ref reaches the textarea, so react-hook-form can focus it.
 */
export function TextAreaField({
  id: idFromProps,
  label,
  description,
  errorMessage,
  required,
  className,
  'aria-describedby': describedByFromProps,
  ...props
}: TextAreaFieldProps) {
  const ids = useFieldIds(idFromProps, { description, errorMessage }, describedByFromProps);
  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      {label && (
        <FieldLabel htmlFor={ids.id} id={ids.labelId} required={required}>
          {label}
        </FieldLabel>
      )}
      <textarea
        {...props}
        id={ids.id}
        required={required}
        aria-invalid={ids.isInvalid || undefined}
        aria-describedby={ids.describedBy}
        className={clsx(
          'min-h-40 w-full resize-y rounded-sm border bg-bg px-3 py-2.5 text-sm text-fg transition-colors',
          'placeholder:text-fg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          ids.isInvalid ? 'border-danger' : 'border-border hover:border-fg-muted',
        )}
      />
      {ids.isInvalid && <FieldError id={ids.errorId}>{errorMessage}</FieldError>}
    </div>
  );
}
