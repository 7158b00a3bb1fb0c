import { Check, ChevronDown } from 'lucide-react';
import { Select as RadixSelect } from 'radix-ui';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { cn } from './cn';
import {
  controlSizeClasses,
  Field,
  useField,
  type ControlSize,
  type LabelledControlProps,
} from './field';

export interface SelectProps
  extends Omit<ComponentProps<typeof RadixSelect.Root>, 'children' | 'dir'>, LabelledControlProps {
  placeholder?: ReactNode;
  size?: ControlSize;
  /** Reaches the trigger button, so react-hook-form's Controller can focus it. */
  ref?: Ref<HTMLButtonElement>;
  'aria-label'?: string;
  children: ReactNode;
}

/** A single-choice dropdown (radix Select) with label, description and error. */
export function Select({
  placeholder,
  size = 'md',
  ref,
  'aria-label': ariaLabel,
  children,
  ...props
}: SelectProps) {
  const { field, control, isInvalid, rest: rootProps } = useField(props);
  // The root holds the form value, so it is what is required; the trigger is a plain button.
  const { required, ...triggerProps } = control;
  return (
    <Field {...field}>
      <RadixSelect.Root {...rootProps} required={required}>
        <RadixSelect.Trigger
          {...triggerProps}
          ref={ref}
          aria-label={ariaLabel}
          className={cn(
            'flex w-full items-center justify-between gap-2 rounded-sm border bg-bg px-3 text-start text-fg transition-colors',
            'data-[placeholder]:text-fg-muted disabled:cursor-not-allowed disabled:opacity-50',
            isInvalid ? 'border-danger' : 'border-border hover:border-fg-muted',
            controlSizeClasses[size],
          )}
        >
          <span className="min-w-0 truncate">
            <RadixSelect.Value placeholder={placeholder} />
          </span>
          <RadixSelect.Icon className="shrink-0 text-fg-muted">
            <ChevronDown size={16} />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={4}
            collisionPadding={16}
            className={cn(
              // List popovers are at most 420 px tall and scroll (product spec §9).
              'z-50 max-h-[min(420px,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)]',
              'overflow-hidden rounded-lg border border-border bg-bg-elevated text-fg shadow-overlay',
              'data-[state=open]:animate-zoom-in',
            )}
          >
            <RadixSelect.Viewport className="p-1">{children}</RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </Field>
  );
}

export interface SelectItemProps extends Omit<ComponentProps<typeof RadixSelect.Item>, 'asChild'> {
  /** Shown under the item's text in the list, not in the trigger. */
  description?: ReactNode;
}

export function SelectItem({ children, description, className, ...props }: SelectItemProps) {
  return (
    <RadixSelect.Item
      {...props}
      className={cn(
        'relative flex min-h-9 cursor-default flex-col justify-center rounded-sm py-1 ps-8 pe-3 text-sm outline-none select-none',
        'data-[highlighted]:bg-bg-hover data-[disabled]:opacity-50',
        className,
      )}
    >
      <RadixSelect.ItemIndicator className="absolute start-2 flex items-center text-primary">
        <Check size={16} />
      </RadixSelect.ItemIndicator>
      <RadixSelect.ItemText>{children}</RadixSelect.ItemText>
      {description && <span className="text-xs text-fg-muted">{description}</span>}
    </RadixSelect.Item>
  );
}

export function SelectGroup({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <RadixSelect.Group>
      <RadixSelect.Label className="px-3 pt-2 pb-1 text-xs font-medium text-fg-muted">
        {label}
      </RadixSelect.Label>
      {children}
    </RadixSelect.Group>
  );
}

export function SelectSeparator() {
  return <RadixSelect.Separator className="my-1 h-px bg-border" />;
}
