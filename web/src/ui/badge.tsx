import type { ReactNode } from 'react';
import { cn } from './cn';

const TONES = {
  neutral: 'border-border text-fg-muted',
  positive: 'border-positive/40 text-positive',
  danger: 'border-danger/40 text-danger',
  warning: 'border-warning/40 text-warning',
  primary: 'border-primary/40 text-primary',
};

/** A short status in a pill: verified, banned, pending… */
export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: keyof typeof TONES;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center rounded-full border px-2 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
