import type { LandingAction } from '@cadenza/contracts/landing-content';
import {
  ArrowRight,
  Crown,
  Headphones,
  LogIn,
  Music,
  Play,
  Sparkles,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button, type ButtonProps } from '../../../ui/button';
import { MenuLink } from '../../shell/menu-link';
import { useIsVisible } from '../../shell/use-menu';

// The icons an admin may name on a call-to-action; unknown names simply show none.
const ICONS: Record<string, LucideIcon> = {
  play: Play,
  music: Music,
  headphones: Headphones,
  sparkles: Sparkles,
  'arrow-right': ArrowRight,
  'user-plus': UserPlus,
  'log-in': LogIn,
  crown: Crown,
};

export interface LandingActionButtonProps extends Pick<ButtonProps, 'variant' | 'className'> {
  action: LandingAction | null | undefined;
}

/** A call-to-action of the landing page, shown by the same rules as a menu item. */
export function LandingActionButton({ action, variant, className }: LandingActionButtonProps) {
  const { t } = useTranslation();
  const visible = useIsVisible(action);
  if (!action || !visible || !action.label || !action.action) return null;
  const Icon = action.icon ? ICONS[action.icon] : undefined;
  return (
    <Button
      asChild
      size="lg"
      radius="full"
      variant={variant}
      className={className}
      startIcon={
        Icon ? (
          <Icon
            size={18}
            aria-hidden
            className={action.icon === 'play' ? 'fill-current' : undefined}
          />
        ) : undefined
      }
    >
      <MenuLink item={action}>{t(action.label)}</MenuLink>
    </Button>
  );
}
