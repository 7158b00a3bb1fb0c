import clsx from 'clsx';
import { Label } from 'radix-ui';
import { useId, type ReactNode } from 'react';

/** Label, description and error shared by every form control. */
export interface FieldTextProps {
  label?: ReactNode;
  description?: ReactNode;
  /** Shown under the control; a non-empty value also marks the control aria-invalid. */
  errorMessage?: ReactNode;
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

export function FieldLabel({
  htmlFor,
  id,
  required,
  className,
  children,
}: {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Label.Root
      htmlFor={htmlFor}
      id={id}
      className={clsx('text-sm font-medium text-fg', className)}
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

export function FieldDescription({
  id,
  children,
}: {
  id: string | undefined;
  children: ReactNode;
}) {
  return (
    <p id={id} className="text-xs text-fg-muted">
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-danger">
      {children}
    </p>
  );
}

/** Label, description and error beside a small control such as a checkbox or switch. */
export function InlineFieldText({
  ids,
  label,
  description,
  errorMessage,
  required,
}: FieldTextProps & { ids: FieldIds; required?: boolean }) {
  if (!label && !description && !ids.isInvalid) return null;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {label && (
        <FieldLabel htmlFor={ids.id} id={ids.labelId} required={required} className="leading-6">
          {label}
        </FieldLabel>
      )}
      {description && <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>}
      {ids.isInvalid && <FieldError id={ids.errorId}>{errorMessage}</FieldError>}
    </div>
  );
}
