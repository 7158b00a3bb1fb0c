import { Check } from 'lucide-react';
import { DropdownMenu, Portal, Slot } from 'radix-ui';
import { useState, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn';
import { useIsMobile } from './use-media-query';

export interface MenuProps {
  /** One focusable element that opens the menu. */
  trigger: ReactElement;
  /** MenuItem, MenuCheckboxItem, MenuLabel and MenuSeparator. */
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  /** Names the menu when the trigger's name does not describe it. */
  'aria-label'?: string;
  className?: string;
}

/**
 * A dropdown menu with arrow-key navigation and type-ahead. On mobile (≤ 768 px) the same menu
 * slides up as a bottom tray of at most 375 px wide, over a dimmed page.
 */
export function Menu({
  trigger,
  children,
  open,
  onOpenChange,
  side = 'bottom',
  align = 'start',
  'aria-label': ariaLabel,
  className,
}: MenuProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const isOpen = open ?? uncontrolledOpen;
  const handleOpenChange = (next: boolean) => {
    setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  return (
    <DropdownMenu.Root open={isOpen} onOpenChange={handleOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      {isOpen && <TrayBackdrop />}
      <DropdownMenu.Portal>
        <MenuContent
          side={side}
          align={align}
          sideOffset={4}
          collisionPadding={16}
          aria-label={ariaLabel}
          className={className}
        >
          {children}
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

// The screen's width is read only while a menu is open: a page of closed menus does not draw
// each of them again when it learns it is on a phone.

/** The dimmed page behind an open menu's tray, on mobile. */
function TrayBackdrop() {
  const isMobile = useIsMobile();
  if (!isMobile) return null;
  return (
    <Portal.Root>
      <div aria-hidden className="fixed inset-0 z-40 animate-fade-in bg-bg/80" />
    </Portal.Root>
  );
}

/** The open menu: a dropdown, or on mobile a tray at the bottom of the screen. */
function MenuContent({ className, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  const isMobile = useIsMobile();
  return (
    <DropdownMenu.Content
      {...props}
      data-tray={isMobile || undefined}
      className={cn(
        'group/menu z-50 overflow-y-auto border border-border bg-bg-elevated text-fg shadow-overlay outline-none',
        isMobile
          ? 'max-h-[80dvh] w-full rounded-t-lg border-b-0 p-2 pb-[max(8px,env(safe-area-inset-bottom))] data-[state=open]:animate-tray-in data-[state=closed]:animate-tray-out'
          : cn(
              'max-h-[min(420px,var(--radix-dropdown-menu-content-available-height))] min-w-48 rounded-lg p-1',
              'origin-(--radix-dropdown-menu-content-transform-origin) data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out',
            ),
        className,
      )}
    />
  );
}

// Joined, not merged: none of these set the same thing. (Merging at load time would build
// tailwind-merge's class map while the app's code is evaluated, see `prepareClassMerging`.)
const itemClasses = [
  'relative flex min-h-9 cursor-default items-center gap-3 rounded-sm px-3 text-sm outline-none select-none',
  // Touch targets in the tray are 48 px tall.
  'group-data-[tray]/menu:min-h-12 group-data-[tray]/menu:text-base',
  'data-[highlighted]:bg-bg-hover data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
].join(' ');

export interface MenuItemProps extends ComponentProps<typeof DropdownMenu.Item> {
  startIcon?: ReactNode;
  /** Trailing content such as a keyboard shortcut. */
  endContent?: ReactNode;
  variant?: 'default' | 'danger';
}

/** A menu action. With asChild the single child (for example a router Link) becomes the item. */
export function MenuItem({
  startIcon,
  endContent,
  variant = 'default',
  className,
  children,
  ...props
}: MenuItemProps) {
  return (
    <DropdownMenu.Item
      {...props}
      className={cn(itemClasses, variant === 'danger' && 'text-danger', className)}
    >
      {startIcon && <span className="flex shrink-0 items-center">{startIcon}</span>}
      <Slot.Slottable>{children}</Slot.Slottable>
      {endContent && <span className="ms-auto ps-4 text-xs text-fg-muted">{endContent}</span>}
    </DropdownMenu.Item>
  );
}

export type MenuCheckboxItemProps = Omit<
  ComponentProps<typeof DropdownMenu.CheckboxItem>,
  'asChild'
>;

export function MenuCheckboxItem({ className, children, ...props }: MenuCheckboxItemProps) {
  return (
    <DropdownMenu.CheckboxItem {...props} className={cn(itemClasses, 'ps-10', className)}>
      <DropdownMenu.ItemIndicator className="absolute start-3 flex items-center text-primary">
        <Check size={16} />
      </DropdownMenu.ItemIndicator>
      {children}
    </DropdownMenu.CheckboxItem>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu.Label className="px-3 pt-2 pb-1 text-xs font-medium text-fg-muted">
      {children}
    </DropdownMenu.Label>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-border" />;
}
