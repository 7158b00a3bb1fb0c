import { Moon, Sun } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { IconButton, type ButtonSize } from '../ui/button';
import { Tooltip } from '../ui/tooltip';
import { useThemeSelector } from './use-theme-selector';

export interface ThemeToggleProps {
  size?: ButtonSize;
  className?: string;
}

/** Switches between light and dark; absent when visitors may not change the theme. */
export function ThemeToggle({ size = 'sm', className }: ThemeToggleProps) {
  const { t } = useTranslation();
  const { activeTheme, canChange, toggle } = useThemeSelector();
  if (!canChange || !activeTheme) return null;
  const label = activeTheme.is_dark ? t('Switch to light mode') : t('Switch to dark mode');
  return (
    <Tooltip label={label}>
      <IconButton
        label={label}
        size={size}
        className={className}
        onClick={toggle}
        // Answered by the page's own script until the app takes over (index.html).
        data-early-action="toggle-theme"
      >
        {activeTheme.is_dark ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
      </IconButton>
    </Tooltip>
  );
}
