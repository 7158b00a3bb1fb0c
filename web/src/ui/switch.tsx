import { Switch as RadixSwitch } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Field, useField, type LabelledControlProps } from './field';

export interface SwitchProps
  extends
    Omit<ComponentProps<typeof RadixSwitch.Root>, 'children' | 'asChild'>,
    LabelledControlProps {}

/** An on/off switch with its label beside it. Use react-hook-form's Controller with it. */
export function Switch(props: SwitchProps) {
  const { field, control, isInvalid, rest } = useField(props);
  return (
    <Field {...field} layout="inline">
      <RadixSwitch.Root
        {...rest}
        {...control}
        className={cn(
          'mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
          'bg-fg-muted data-[state=checked]:bg-primary',
          isInvalid && 'ring-2 ring-danger',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <RadixSwitch.Thumb
          className={cn(
            'block size-4 rounded-full bg-bg transition-transform',
            'data-[state=checked]:translate-x-4 data-[state=checked]:bg-primary-fg rtl:data-[state=checked]:-translate-x-4',
          )}
        />
      </RadixSwitch.Root>
    </Field>
  );
}
