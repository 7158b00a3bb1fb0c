import { LanguagePicker } from '../../i18n/language-picker';
import { ThemeToggle } from '../../theme/theme-toggle';
import { WorkspaceSwitcher } from '../workspaces/workspace-switcher';
import { MobileNav } from './mobile-nav';
import { NotificationBell } from './notification-bell';
import type { ShellControls } from './shell-controls';
import { UserMenu } from './user-menu';

export const allShellControls: ShellControls = {
  MobileNav,
  WorkspaceSwitcher,
  NotificationBell,
  UserMenu,
  LanguagePicker,
  ThemeToggle,
};
