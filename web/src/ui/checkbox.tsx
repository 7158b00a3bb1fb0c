import { Check, Minus } from 'lucide-react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Field, useField, type LabelledControlProps } from './field';

export interface CheckboxProps
  extends
    Omit<ComponentProps<typeof RadixCheckbox.Root>, 'children' | 'asChild'>,
    LabelledControlProps {}

/** A tick box with its label beside it. Use react-hook-form's Controller: it is not a native input. */
export function Checkbox(props: CheckboxProps) {
  const { field, control, isInvalid, rest } = useField(props);
  return (
    <Field {...field} layout="inline">
      <RadixCheckbox.Root
        {...rest}
        {...control}
        className={cn(
          // The 24 px row keeps the 20 px box centred on the label's first line.
          'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-sm border transition-colors',
          'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-fg',
          'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-fg',
          isInvalid ? 'border-danger' : 'border-fg-muted hover:border-fg',
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
    </Field>
  );
}
