import clsx from 'clsx';
import { Tooltip as RadixTooltip, Slot } from 'radix-ui';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';

/** Product spec §9: tooltips open after 1500 ms and hide 500 ms after the pointer leaves. */
export const TOOLTIP_OPEN_DELAY = 1500;
export const TOOLTIP_HIDE_DELAY = 500;

const HasProviderContext = createContext(false);

/** Mount once near the root so moving between triggers skips the open delay. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_OPEN_DELAY}>
      <HasProviderContext.Provider value={true}>{children}</HasProviderContext.Provider>
    </RadixTooltip.Provider>
  );
}

/**
 * Other props (and the ref) go to the trigger, so a Tooltip can itself be the trigger of a Menu
 * or Popover: `<Menu trigger={<Tooltip label="More"><IconButton … /></Tooltip>}>`.
 */
export interface TooltipProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** The tooltip text; it also describes the trigger to screen readers. */
  label: ReactNode;
  /** One focusable element, such as an IconButton. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  /** Render the trigger alone, without a tooltip. */
  isDisabled?: boolean;
}

/** Works without a TooltipProvider (it then brings its own), so isolated renders never throw. */
export function Tooltip(props: TooltipProps) {
  const hasProvider = useContext(HasProviderContext);
  if (props.isDisabled) {
    const { label: _label, side: _side, align: _align, isDisabled: _, ...triggerProps } = props;
    return <Slot.Root {...triggerProps} />;
  }
  const tooltip = <DelayedCloseTooltip {...props} />;
  return hasProvider ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}

// Only one tooltip shows at a time: a lingering one closes at once when another opens.
let closeOpenTooltip: (() => void) | null = null;

function DelayedCloseTooltip({
  label,
  children,
  side = 'top',
  align = 'center',
  isDisabled: _isDisabled,
  ...triggerProps
}: TooltipProps) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelClose = useCallback(() => clearTimeout(closeTimer.current), []);
  const closeNow = useCallback(() => {
    clearTimeout(closeTimer.current);
    setOpen(false);
  }, []);

  useEffect(
    () => () => {
      clearTimeout(closeTimer.current);
      if (closeOpenTooltip === closeNow) closeOpenTooltip = null;
    },
    [closeNow],
  );

  // Radix has an open delay but no hide delay, so its close requests are postponed here.
  const handleOpenChange = (next: boolean) => {
    cancelClose();
    if (next) {
      if (closeOpenTooltip && closeOpenTooltip !== closeNow) closeOpenTooltip();
      closeOpenTooltip = closeNow;
      setOpen(true);
      return;
    }
    closeTimer.current = setTimeout(() => setOpen(false), TOOLTIP_HIDE_DELAY);
  };

  return (
    <RadixTooltip.Root open={open} onOpenChange={handleOpenChange}>
      <RadixTooltip.Trigger
        {...triggerProps}
        asChild
        onPointerDown={(event) => {
          triggerProps.onPointerDown?.(event);
          closeNow();
        }}
        onClick={(event) => {
          triggerProps.onClick?.(event);
          closeNow();
        }}
      >
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={16}
          onEscapeKeyDown={closeNow}
          // Hovering the tooltip itself keeps it open (WCAG 1.4.13).
          onPointerEnter={cancelClose}
          className={clsx(
            'z-[70] max-w-xs rounded-sm bg-fg px-2 py-1 text-xs text-bg',
            'data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in',
          )}
        >
          {label}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
