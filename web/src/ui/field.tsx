import { Label } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn } from './cn';

export type ControlSize = 'sm' | 'md' | 'lg';

// Heights match the buttons of the same size: 36, 42, 50 px.
export const controlSizeClasses: Record<ControlSize, string> = {
  sm: 'h-9 text-sm',
  md: 'h-10.5 text-sm',
  lg: 'h-12.5 text-base',
};

/** Label, description and error shared by every form control. */
export interface FieldTextProps {
  label?: ReactNode;
  description?: ReactNode;
  /** Shown under the control; a non-empty value also marks the control aria-invalid. */
  errorMessage?: ReactNode;
}

/** What a labelled control takes besides its own props. */
export interface LabelledControlProps extends FieldTextProps {
  id?: string;
  required?: boolean;
  /** Styles the whole field: control, label and messages. */
  className?: string;
  'aria-describedby'?: string;
}

export interface FieldIds {
  id: string;
  labelId: string;
  descriptionId: string | undefined;
  errorId: string | undefined;
  /** Value for the control's aria-describedby: the description, then the error. */
  describedBy: string | undefined;
  isInvalid: boolean;
}

export function useFieldIds(
  id: string | undefined,
  { description, errorMessage }: FieldTextProps,
  describedByFromProps?: string,
): FieldIds {
  const generated = useId();
  const base = id ?? generated;
  const isInvalid = errorMessage !== undefined && errorMessage !== null && errorMessage !== '';
  const descriptionId = description ? `${base}-description` : undefined;
  const errorId = isInvalid ? `${base}-error` : undefined;
  const describedBy =
    [describedByFromProps, descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return { id: base, labelId: `${base}-label`, descriptionId, errorId, describedBy, isInvalid };
}

/**
 * Splits a labelled control's props: `field` is for <Field>, `control` goes on the control itself
 * (its id, required state and the aria wiring to the description and error), and `rest` is
 * everything else, also for the control.
 */
export function useField<P extends LabelledControlProps>({
  id,
  label,
  description,
  errorMessage,
  required,
  className,
  'aria-describedby': describedByFromProps,
  ...rest
}: P) {
  const ids = useFieldIds(id, { description, errorMessage }, describedByFromProps);
  return {
    field: { ids, label, description, errorMessage, required, className },
    control: {
      id: ids.id,
      required,
      // Announced by every control, including the ones that are buttons (select, switch).
      'aria-required': required || undefined,
      'aria-invalid': ids.isInvalid || undefined,
      'aria-describedby': ids.describedBy,
    },
    isInvalid: ids.isInvalid,
    rest,
  };
}

export interface FieldProps extends FieldTextProps {
  ids: FieldIds;
  required?: boolean;
  className?: string;
  /** stacked: the label above the control; inline: a small control (checkbox, switch) first. */
  layout?: 'stacked' | 'inline';
  /** The control. */
  children: ReactNode;
}

/** Lays out a control with its label, description and error. */
export function Field({
  ids,
  label,
  description,
  errorMessage,
  required,
  className,
  layout = 'stacked',
  children,
}: FieldProps) {
  const messages = (
    <FieldMessages ids={ids} description={description} errorMessage={errorMessage} />
  );
  if (layout === 'inline') {
    const hasText = Boolean(label || description) || ids.isInvalid;
    return (
      <div className={cn('flex items-start gap-3', className)}>
        {children}
        {hasText && (
          <div className="flex min-w-0 flex-col gap-1">
            {label && (
              <FieldLabel ids={ids} required={required} className="leading-6">
                {label}
              </FieldLabel>
            )}
            {messages}
          </div>
        )}
      </div>
    );
  }
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {label && (
        <FieldLabel ids={ids} required={required}>
          {label}
        </FieldLabel>
      )}
      {children}
      {messages}
    </div>
  );
}

function FieldLabel({
  ids,
  required,
  className,
  children,
}: {
  ids: FieldIds;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Label.Root
      htmlFor={ids.id}
      id={ids.labelId}
      className={cn('text-sm font-medium text-fg', className)}
    >
      {children}
      {/* The control's own required state is announced; the star is for sighted users. */}
      {required && (
        <span aria-hidden className="ms-0.5 text-danger">
          *
        </span>
      )}
    </Label.Root>
  );
}

/** The description, then the error, with the ids the control's aria-describedby points at. */
export function FieldMessages({
  ids,
  description,
  errorMessage,
}: Omit<FieldTextProps, 'label'> & { ids: FieldIds }) {
  return (
    <>
      {description && (
        <p id={ids.descriptionId} className="text-xs text-fg-muted">
          {description}
        </p>
      )}
      {ids.isInvalid && (
        <p id={ids.errorId} className="text-xs text-danger">
          {errorMessage}
        </p>
      )}
    </>
  );
}
