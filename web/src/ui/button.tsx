import { Slot } from 'radix-ui';
import type { ComponentProps, ElementType, MouseEvent, ReactNode } from 'react';
import { cn } from './cn';
import { Spinner, type ProgressCircleSize } from './spinner';

export type ButtonVariant = 'primary' | 'outline' | 'text' | 'danger';
export type ButtonSize = '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-fg hover:bg-primary/90 active:bg-primary/80',
  outline: 'border border-border bg-transparent text-fg hover:bg-bg-hover active:bg-bg-hover/70',
  // No text colour: a text button takes its surroundings' colour, or one given in className.
  text: 'bg-transparent hover:bg-bg-hover active:bg-bg-hover/70',
  // Text in the background colour: danger is chosen to be readable on the background, and
  // contrast is symmetric, so the pair stays readable in every theme.
  danger: 'bg-danger text-bg hover:bg-danger/90 active:bg-danger/80',
};

// The spinner overlays transparent content, so it needs the variant's text colour restated.
const spinnerColor: Record<ButtonVariant, string> = {
  primary: 'text-primary-fg',
  outline: 'text-fg',
  text: 'text-fg',
  danger: 'text-bg',
};

// Heights 24, 30, 36, 42, 50, 60 px (product spec §9).
const sizeClasses: Record<ButtonSize, string> = {
  '2xs': 'h-6 px-2 gap-1 text-xs',
  xs: 'h-7.5 px-3 gap-1.5 text-xs',
  sm: 'h-9 px-3 gap-2 text-sm',
  md: 'h-10.5 px-4 gap-2 text-sm',
  lg: 'h-12.5 px-6 gap-2 text-base',
  xl: 'h-15 px-8 gap-3 text-base',
};

const iconOnlySizeClasses: Record<ButtonSize, string> = {
  '2xs': 'size-6 text-xs',
  xs: 'size-7.5 text-xs',
  sm: 'size-9 text-sm',
  md: 'size-10.5 text-base',
  lg: 'size-12.5 text-xl',
  xl: 'size-15 text-2xl',
};

const spinnerSizes: Record<ButtonSize, ProgressCircleSize> = {
  '2xs': 'xs',
  xs: 'xs',
  sm: 'xs',
  md: 'sm',
  lg: 'sm',
  xl: 'md',
};

export interface ButtonProps
  extends
    ComponentProps<'button'>,
    Pick<ComponentProps<'a'>, 'href' | 'target' | 'rel' | 'download'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button, so a pending request is never sent twice. */
  isLoading?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  /** 'full' for round buttons such as play buttons. */
  radius?: 'default' | 'full';
  fullWidth?: boolean;
  /** Render the single child (for example a router Link) with the button's look and behaviour. */
  asChild?: boolean;
  /** Square button holding only an icon; prefer IconButton, which also requires a label. */
  iconOnly?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  startIcon,
  endIcon,
  radius = 'default',
  fullWidth = false,
  asChild = false,
  iconOnly = false,
  disabled = false,
  type,
  href,
  className,
  children,
  onClick,
  ...props
}: ButtonProps) {
  const isDisabled = disabled || isLoading;
  const isLink = !asChild && href !== undefined;
  // One element type for three renderings; the props below suit each of them.
  const Comp: ElementType = asChild ? Slot.Root : isLink ? 'a' : 'button';

  // Links and slotted children cannot be disabled natively: mark them and swallow the click.
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (isDisabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event as MouseEvent<HTMLButtonElement>);
  };

  const nativeButtonProps =
    Comp === 'button' ? { type: type ?? 'button', disabled: isDisabled } : {};
  const classes = cn(
    'relative inline-flex shrink-0 select-none items-center justify-center font-medium whitespace-nowrap',
    'transition-colors [&_svg]:shrink-0',
    radius === 'full' ? 'rounded-full' : 'rounded-sm',
    variantClasses[variant],
    iconOnly ? iconOnlySizeClasses[size] : sizeClasses[size],
    fullWidth && 'w-full',
    isDisabled && !isLoading && 'cursor-not-allowed opacity-50',
    // A slotted child's own click handler runs before ours, so block the pointer instead.
    isDisabled && Comp !== 'button' && 'pointer-events-none',
    // Transparent text keeps the button's width (and its accessible name) while loading; it
    // must beat the variant's colour, hence important.
    isLoading && 'cursor-wait text-transparent!',
    className,
  );

  return (
    <Comp
      {...props}
      {...nativeButtonProps}
      href={isLink ? href : undefined}
      aria-disabled={Comp !== 'button' && isDisabled ? true : undefined}
      aria-busy={isLoading || undefined}
      data-loading={isLoading || undefined}
      className={classes}
      onClick={handleClick}
    >
      {startIcon}
      <Slot.Slottable>{children}</Slot.Slottable>
      {endIcon}
      {isLoading && (
        <span
          aria-hidden
          className={cn('absolute inset-0 flex items-center justify-center', spinnerColor[variant])}
        >
          <Spinner size={spinnerSizes[size]} />
        </span>
      )}
    </Comp>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'iconOnly' | 'startIcon' | 'endIcon'> {
  /** Accessible name; an icon alone says nothing to a screen reader. */
  label: string;
}

export function IconButton({ label, variant = 'text', ...props }: IconButtonProps) {
  return <Button {...props} variant={variant} iconOnly aria-label={label} />;
}
