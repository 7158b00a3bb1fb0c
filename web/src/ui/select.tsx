import clsx from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import { Select as RadixSelect } from 'radix-ui';
import type { ComponentProps, ReactNode, Ref } from 'react';
import {
  FieldDescription,
  FieldError,
  FieldLabel,
  useFieldIds,
  type FieldTextProps,
} from './field';

export type SelectSize = 'sm' | 'md' | 'lg';

const sizeClasses: Record<SelectSize, string> = {
  sm: 'h-9 text-sm',
  md: 'h-10.5 text-sm',
  lg: 'h-12.5 text-base',
};

export interface SelectProps
  extends Omit<ComponentProps<typeof RadixSelect.Root>, 'children' | 'dir'>, FieldTextProps {
  id?: string;
  placeholder?: ReactNode;
  size?: SelectSize;
  className?: string;
  /** Reaches the trigger button, so react-hook-form's Controller can focus it. */
  ref?: Ref<HTMLButtonElement>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  children: ReactNode;
}

/** A single-choice dropdown (radix Select) with label, description and error. */
export function Select({
  id: idFromProps,
  label,
  description,
  errorMessage,
  placeholder,
  size = 'md',
  className,
  ref,
  required,
  disabled,
  'aria-label': ariaLabel,
  'aria-describedby': describedByFromProps,
  children,
  ...rootProps
}: SelectProps) {
  const ids = useFieldIds(idFromProps, { description, errorMessage }, describedByFromProps);
  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      {label && (
        <FieldLabel htmlFor={ids.id} id={ids.labelId} required={required}>
          {label}
        </FieldLabel>
      )}
      <RadixSelect.Root {...rootProps} required={required} disabled={disabled}>
        <RadixSelect.Trigger
          ref={ref}
          id={ids.id}
          aria-label={ariaLabel}
          aria-invalid={ids.isInvalid || undefined}
          aria-describedby={ids.describedBy}
          className={clsx(
            'flex w-full items-center justify-between gap-2 rounded-sm border bg-bg px-3 text-start text-fg transition-colors',
            'data-[placeholder]:text-fg-muted disabled:cursor-not-allowed disabled:opacity-50',
            ids.isInvalid ? 'border-danger' : 'border-border hover:border-fg-muted',
            sizeClasses[size],
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
            className={clsx(
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
      {description && <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>}
      {ids.isInvalid && <FieldError id={ids.errorId}>{errorMessage}</FieldError>}
    </div>
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
      className={clsx(
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
