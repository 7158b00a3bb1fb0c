import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { IconButton } from './button';
import { cn } from './cn';

export type DialogSize =
  '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl' | 'fullscreen' | 'fullscreenTakeover';

// Product spec §9: 256, 320, 384, 440, 620, 780, 850 px, and 1280 px for fullscreen (which also
// takes the viewport's height); fullscreenTakeover covers the whole viewport, for mobile flows.
const sizeClasses: Record<DialogSize, string> = {
  '2xs': 'max-w-[256px]',
  xs: 'max-w-[320px]',
  sm: 'max-w-[384px]',
  md: 'max-w-[440px]',
  lg: 'max-w-[620px]',
  xl: 'max-w-[780px]',
  '2xl': 'max-w-[850px]',
  fullscreen: 'max-w-[1280px] h-full',
  fullscreenTakeover: 'h-dvh max-h-none rounded-none border-0',
};

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Optional element that opens the dialog; controlled dialogs usually need none. */
  trigger?: ReactNode;
  size?: DialogSize;
  className?: string;
  /** DialogHeader, DialogBody and DialogFooter. */
  children: ReactNode;
}

/** A modal dialog: focus is trapped inside and returns where it was when the dialog closes. */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  size = 'md',
  className,
  children,
}: DialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen ?? false);
  const isOpen = open ?? uncontrolledOpen;
  const handleOpenChange = (next: boolean) => {
    setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  // Radix returns focus to its Trigger only; a controlled dialog opened from elsewhere (a menu
  // item, a keyboard shortcut) would otherwise leave focus on the body.
  const returnFocusTo = useRef<Element | null>(null);
  const isTakeover = size === 'fullscreenTakeover';

  return (
    <RadixDialog.Root open={isOpen} onOpenChange={handleOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      {isOpen && <RememberFocus targetRef={returnFocusTo} />}
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={cn(
            'fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-bg/80',
            'data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out',
            !isTakeover && 'p-4',
          )}
        >
          <RadixDialog.Content
            onOpenAutoFocus={(event) => {
              // The first field, else the dialog itself (read out with its title), rather than
              // radix's first tabbable element, which is the close button in the header.
              event.preventDefault();
              const content = event.currentTarget as HTMLElement;
              const field = content.querySelector<HTMLElement>(AUTOFOCUS_SELECTOR);
              (field ?? content).focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const target = returnFocusTo.current;
              if (target instanceof HTMLElement && target.isConnected) target.focus();
            }}
            onInteractOutside={(event) => {
              // A toast shown above the dialog is not "outside": using it must not close the dialog.
              if (isInToaster(event.target)) event.preventDefault();
            }}
            className={cn(
              'relative flex w-full flex-col rounded-lg border border-border bg-bg-elevated text-fg shadow-overlay',
              'max-h-[calc(100dvh-32px)] outline-none',
              'data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out',
              sizeClasses[size],
              className,
            )}
          >
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

// Radix checkboxes and selects carry hidden native inputs (aria-hidden, tabindex -1) for forms.
const focusable = ':not(:disabled):not([tabindex="-1"]):not([aria-hidden="true"])';
const AUTOFOCUS_SELECTOR = [
  '[data-autofocus]',
  `input:not([type="hidden"])${focusable}`,
  `textarea${focusable}`,
  `select${focusable}`,
].join(',');

/**
 * Records the focused element as the dialog opens. It renders before the portal, whose content
 * mounts one commit later, so it runs before anything inside the dialog takes focus.
 */
function RememberFocus({ targetRef }: { targetRef: RefObject<Element | null> }) {
  useLayoutEffect(() => {
    targetRef.current = document.activeElement;
  }, [targetRef]);
  return null;
}

function isInToaster(target: EventTarget | null) {
  return target instanceof Element && target.closest('[data-toaster]') !== null;
}

export interface DialogHeaderProps {
  /** The dialog's title, which also names it for screen readers. */
  children: ReactNode;
  /** Supporting text under the title, read out when the dialog opens. */
  description?: ReactNode;
  showCloseButton?: boolean;
  className?: string;
}

export function DialogHeader({
  children,
  description,
  showCloseButton = true,
  className,
}: DialogHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex shrink-0 items-start gap-4 px-6 pt-6 pb-4', className)}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <RadixDialog.Title className="text-xl font-semibold">{children}</RadixDialog.Title>
        {description && (
          <RadixDialog.Description className="text-sm text-fg-muted">
            {description}
          </RadixDialog.Description>
        )}
      </div>
      {showCloseButton && (
        <RadixDialog.Close asChild>
          <IconButton label={t('Close')} size="xs" className="-me-2 -mt-1 text-fg-muted">
            <X size={18} />
          </IconButton>
        </RadixDialog.Close>
      )}
    </div>
  );
}

export function DialogBody({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-h-0 flex-auto overflow-y-auto px-6 pb-6', className)}>{children}</div>
  );
}

export function DialogFooter({
  children,
  startContent,
  className,
}: {
  /** Actions, aligned to the end (primary action last). */
  children: ReactNode;
  /** Content aligned to the start, such as a secondary link. */
  startContent?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex shrink-0 items-center gap-2 px-6 pb-6', className)}>
      {startContent}
      <div className="ms-auto flex items-center gap-2">{children}</div>
    </div>
  );
}

/** Closes the surrounding dialog when its child is activated (for "Cancel" buttons). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
