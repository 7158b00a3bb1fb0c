import type { ComponentProps } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { cn } from './cn';
import { useDelayedVisibility, type DelayedVisibilityOptions } from './use-delayed-visibility';

const sizes = { xs: 16, sm: 20, md: 24, lg: 32, xl: 48 } as const;

export type ProgressCircleSize = keyof typeof sizes;

export interface ProgressCircleProps extends Omit<ComponentProps<'svg'>, 'children'> {
  /** 0–100; leave undefined for an indeterminate (spinning) circle. */
  value?: number;
  size?: ProgressCircleSize;
  /** Accessible name; defaults to 'Loading'. */
  label?: string;
}

export function ProgressCircle({
  value,
  size = 'md',
  label,
  className,
  ...props
}: ProgressCircleProps) {
  const { t } = useTranslation();
  const px = sizes[size];
  const isIndeterminate = value === undefined;
  const clamped = Math.min(100, Math.max(0, value ?? 25));
  // Radius 10 on a 24 unit viewBox: the circumference is 2πr.
  const circumference = 2 * Math.PI * 10;
  return (
    <svg
      role="progressbar"
      aria-label={label ?? t('Loading')}
      aria-valuemin={isIndeterminate ? undefined : 0}
      aria-valuemax={isIndeterminate ? undefined : 100}
      aria-valuenow={isIndeterminate ? undefined : clamped}
      width={px}
      height={px}
      viewBox="0 0 24 24"
      fill="none"
      className={cn('shrink-0', isIndeterminate && 'animate-spin', className)}
      {...props}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity={0.25} strokeWidth={3} />
      <circle
        cx="12"
        cy="12"
        r="10"
        stroke="currentColor"
        strokeWidth={3}
        strokeLinecap="round"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - clamped / 100)}
        transform="rotate(-90 12 12)"
        className={cn(!isIndeterminate && 'transition-[stroke-dashoffset]')}
      />
    </svg>
  );
}

export type SpinnerProps = Omit<ProgressCircleProps, 'value'>;

export function Spinner(props: SpinnerProps) {
  return <ProgressCircle {...props} />;
}

export interface DelayedSpinnerProps extends SpinnerProps, DelayedVisibilityOptions {
  isPending: boolean;
}

/** A spinner that appears after 500 ms of pending and, once shown, stays at least 200 ms. */
export function DelayedSpinner({ isPending, delay, minDuration, ...props }: DelayedSpinnerProps) {
  const isVisible = useDelayedVisibility(isPending, { delay, minDuration });
  return isVisible ? <Spinner {...props} /> : null;
}
