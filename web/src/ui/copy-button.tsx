import { Check, Copy } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { Button, IconButton, type ButtonProps } from './button';
import { useCopyToClipboard } from './use-copy-to-clipboard';

export interface CopyButtonProps extends Omit<ButtonProps, 'value' | 'onClick' | 'children'> {
  /** The text put on the clipboard. */
  value: string;
  /** Defaults to 'Copy'. */
  label?: string;
  /** Show only the icon (the label still names the button). */
  iconOnly?: boolean;
  onCopied?: () => void;
}

/** Copies a value and confirms with 'Copied' for 1 s, announced to screen readers. */
export function CopyButton({
  value,
  label,
  iconOnly = false,
  onCopied,
  variant = 'outline',
  ...props
}: CopyButtonProps) {
  const { t } = useTranslation();
  const { copy, isCopied } = useCopyToClipboard();
  const text = isCopied ? t('Copied') : (label ?? t('Copy'));
  const icon = isCopied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />;
  const handleClick = async () => {
    if (await copy(value)) onCopied?.();
  };

  return (
    <>
      {iconOnly ? (
        <IconButton {...props} variant={variant} label={text} onClick={handleClick}>
          {icon}
        </IconButton>
      ) : (
        <Button {...props} variant={variant} startIcon={icon} onClick={handleClick}>
          {text}
        </Button>
      )}
      {/* A persistent live region: a changed button name alone is not announced. */}
      <span role="status" className="sr-only">
        {isCopied ? t('Copied') : ''}
      </span>
    </>
  );
}
