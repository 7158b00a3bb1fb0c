import clsx from 'clsx';
import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';
import { InlineFieldText, useFieldIds, type FieldTextProps } from './field';

export interface SwitchProps
  extends Omit<ComponentProps<typeof RadixSwitch.Root>, 'children' | 'asChild'>, FieldTextProps {}

/** An on/off switch with its label beside it. Use react-hook-form's Controller with it. */
export function Switch({
  id: idFromProps,
  label,
  description,
  errorMessage,
  className,
  required,
  'aria-describedby': describedByFromProps,
  ...props
}: SwitchProps) {
  const ids = useFieldIds(idFromProps, { description, errorMessage }, describedByFromProps);
  return (
    <div className={clsx('flex items-start gap-3', className)}>
      <RadixSwitch.Root
        {...props}
        id={ids.id}
        required={required}
        aria-invalid={ids.isInvalid || undefined}
        aria-describedby={ids.describedBy}
        className={clsx(
          'mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
          'bg-fg-muted data-[state=checked]:bg-primary',
          ids.isInvalid && 'ring-2 ring-danger',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <RadixSwitch.Thumb
          className={clsx(
            'block size-4 rounded-full bg-bg transition-transform',
            'data-[state=checked]:translate-x-4 data-[state=checked]:bg-primary-fg rtl:data-[state=checked]:-translate-x-4',
          )}
        />
      </RadixSwitch.Root>
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
