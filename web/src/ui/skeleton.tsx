import type { ComponentProps } from 'react';
import { cn } from './cn';

export interface SkeletonProps extends ComponentProps<'div'> {
  /** block: any box (size it with className); text: one line of text; circle: avatars. */
  variant?: 'block' | 'text' | 'circle';
}

/**
 * A placeholder shaped like the content it stands for, so nothing jumps when it loads.
 * Hidden from screen readers: mark the loading region with aria-busy instead.
 */
export function Skeleton({ variant = 'block', className, ...props }: SkeletonProps) {
  return (
    <div
      aria-hidden
      {...props}
      className={cn(
        'bg-bg-hover motion-safe:animate-pulse',
        variant === 'block' && 'rounded-lg',
        // A line is a little shorter than the text's line height, like the text itself.
        variant === 'text' && 'my-1 h-[0.75em] w-full rounded-sm',
        variant === 'circle' && 'aspect-square rounded-full',
        className,
      )}
    />
  );
}
