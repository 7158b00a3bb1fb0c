import type { ComponentProps } from 'react';
import { cn } from '../../../ui/cn';
import { Field, useField, type LabelledControlProps } from '../../../ui/field';

export interface TextAreaFieldProps extends ComponentProps<'textarea'>, LabelledControlProps {}

/**
 * A labelled multi-line field, styled like the design system's TextField (which has no
 * multi-line variant yet). The ref reaches the textarea, so react-hook-form can focus it.
 */
export function TextAreaField(props: TextAreaFieldProps) {
  const { field, control, isInvalid, rest } = useField(props);
  return (
    <Field {...field}>
      <textarea
        {...rest}
        {...control}
        className={cn(
          'min-h-40 w-full resize-y rounded-sm border bg-bg px-3 py-2.5 text-sm text-fg transition-colors',
          'placeholder:text-fg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          isInvalid ? 'border-danger' : 'border-border hover:border-fg-muted',
        )}
      />
    </Field>
  );
}
