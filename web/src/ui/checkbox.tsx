import clsx from 'clsx';
import { Check, Minus } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import type { ComponentProps } from 'react';
import { InlineFieldText, useFieldIds, type FieldTextProps } from './field';

export interface CheckboxProps
  extends Omit<ComponentProps<typeof RadixCheckbox.Root>, 'children' | 'asChild'>, FieldTextProps {}

/** A tick box with its label beside it. Use react-hook-form's Controller: it is not a native input. */
export function Checkbox({
  id: idFromProps,
  label,
  description,
  errorMessage,
  className,
  required,
  'aria-describedby': describedByFromProps,
  ...props
}: CheckboxProps) {
  const ids = useFieldIds(idFromProps, { description, errorMessage }, describedByFromProps);
  return (
    <div className={clsx('flex items-start gap-3', className)}>
      <RadixCheckbox.Root
        {...props}
        id={ids.id}
        required={required}
        aria-invalid={ids.isInvalid || undefined}
        aria-describedby={ids.describedBy}
        className={clsx(
          // The 24 px row keeps the 20 px box centred on the label's first line.
          'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-sm border transition-colors',
          'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-fg',
          'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-fg',
          ids.isInvalid ? 'border-danger' : 'border-fg-muted hover:border-fg',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <RadixCheckbox.Indicator className="group flex items-center justify-center">
          <Check size={14} strokeWidth={3} className="group-data-[state=indeterminate]:hidden" />
          <Minus
            size={14}
            strokeWidth={3}
            className="hidden group-data-[state=indeterminate]:block"
          />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <InlineFieldText
        ids={ids}
        label={label}
        description={description}
        errorMessage={errorMessage}
        required={required}
      />
    </div>
  );
}
