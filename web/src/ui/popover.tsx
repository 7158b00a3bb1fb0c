import { HoverCard, Popover as RadixPopover } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from './cn';

type Side = 'top' | 'right' | 'bottom' | 'left';
type Align = 'start' | 'center' | 'end';

// Joined, not merged (see `itemClasses` in menu.tsx).
const surface = [
  'z-50 rounded-lg border border-border bg-bg-elevated text-fg shadow-overlay outline-none',
  'data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out',
].join(' ');

export interface PopoverProps {
  /** One focusable element that toggles the popover. */
  trigger: ReactElement;
  children: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: Side;
  align?: Align;
  /** 'list' holds a list of options: tighter padding, at most 420 px tall, scrolling. */
  variant?: 'default' | 'list';
  /** Names the popover for screen readers when its content has no heading. */
  'aria-label'?: string;
  className?: string;
}

/** Floating content anchored to a trigger; focus moves in and returns to the trigger on close. */
export function Popover({
  trigger,
  children,
  open,
  defaultOpen,
  onOpenChange,
  side = 'bottom',
  align = 'center',
  variant = 'default',
  'aria-label': ariaLabel,
  className,
}: PopoverProps) {
  return (
    <RadixPopover.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          side={side}
          align={align}
          sideOffset={4}
          collisionPadding={16}
          aria-label={ariaLabel}
          className={cn(
            surface,
            'origin-(--radix-popover-content-transform-origin)',
            variant === 'list'
              ? 'max-h-[min(420px,var(--radix-popover-content-available-height))] overflow-y-auto p-1'
              : 'max-w-(--radix-popover-content-available-width) p-4',
            className,
          )}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

/** Closes the surrounding popover when its child is activated. */
export function PopoverClose({ children }: { children: ReactElement }) {
  return <RadixPopover.Close asChild>{children}</RadixPopover.Close>;
}

/** Product spec §9: a hover popover closes 150 ms after the pointer leaves. */
export const HOVER_POPOVER_CLOSE_DELAY = 150;

export interface HoverPopoverProps {
  trigger: ReactElement;
  children: ReactNode;
  /** Wait before opening, so a pointer passing over the trigger opens nothing. */
  openDelay?: number;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: Side;
  align?: Align;
  className?: string;
}

/**
 * Extra content shown while the pointer rests on the trigger (for example an artist preview).
 * Pointer-only by nature: never put anything there that keyboard users cannot reach otherwise.
 */
export function HoverPopover({
  trigger,
  children,
  openDelay = 300,
  open,
  onOpenChange,
  side = 'bottom',
  align = 'center',
  className,
}: HoverPopoverProps) {
  return (
    <HoverCard.Root
      open={open}
      onOpenChange={onOpenChange}
      openDelay={openDelay}
      closeDelay={HOVER_POPOVER_CLOSE_DELAY}
    >
      <HoverCard.Trigger asChild>{trigger}</HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          side={side}
          align={align}
          sideOffset={4}
          collisionPadding={16}
          className={cn(
            surface,
            'origin-(--radix-hover-card-content-transform-origin) max-w-(--radix-hover-card-content-available-width) p-4',
            className,
          )}
        >
          {children}
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
