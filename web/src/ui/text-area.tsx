import { useId } from 'react';
import { cn } from './cn';

/** A labelled multi-line text box, for longer text and code. */
export function TextArea({
  label,
  description,
  value,
  error,
  onChange,
  rows = 4,
  code = false,
  placeholder,
}: {
  label: string;
  description?: string | undefined;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  rows?: number;
  /** Monospaced, without spell checking: CSS, scripts, ad code. */
  code?: boolean;
  placeholder?: string;
}) {
  const id = `text-area-${useId()}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {description && (
        <p id={`${id}-description`} className="text-sm text-fg-muted">
          {description}
        </p>
      )}
      <textarea
        id={id}
        rows={rows}
        placeholder={placeholder}
        spellCheck={!code}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-invalid={error ? true : undefined}
        className={cn(
          'rounded-sm border bg-bg px-3 py-2 text-sm text-fg hover:border-fg-muted',
          error ? 'border-danger' : 'border-border',
          code && 'font-mono text-xs',
        )}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <p className="text-sm text-danger">{error}</p>}
    </div>
  );
}
