import { MoreHorizontal } from 'lucide-react';
import { useTranslation } from '../../../../../i18n/use-translation';
import { IconButton, type IconButtonProps } from '../../../../../ui/button';

/**
 * The '…' that opens the menu of a track or a playlist, named after it. The menu's trigger
 * hands it what opens the menu, so the other props pass through.
 */
export function MoreOptionsButton({
  name,
  size = 'xs',
  ...triggerProps
}: { name: string; size?: 'xs' | 'md' } & Omit<IconButtonProps, 'label' | 'size' | 'children'>) {
  const { t } = useTranslation();
  return (
    <IconButton
      {...triggerProps}
      label={t('More options for {{name}}', { name })}
      size={size}
      radius="full"
      className="text-fg-muted hover:text-fg"
    >
      <MoreHorizontal className={size === 'md' ? 'size-6' : 'size-4'} aria-hidden />
    </IconButton>
  );
}
