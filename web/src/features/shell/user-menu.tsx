import { ChevronDown, LogOut } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import type { AuthUser } from '../../app/bootstrap';
import { Menu, MenuItem, MenuSeparator } from '../../ui/menu';
import { useLogout } from '../auth/use-logout';
import { MenuLink } from './menu-link';
import { UserAvatar } from './user-avatar';
import { useMenuItems } from './use-menu';

/** The logged-in user's menu: the auth-dropdown menu items and 'Log out'. */
export function UserMenu({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const items = useMenuItems('auth-dropdown');
  const { logout } = useLogout();
  const name = user.display_name || user.email;

  return (
    <Menu
      align="end"
      aria-label={t('Account')}
      trigger={
        <button
          type="button"
          aria-label={t('Account menu of {{name}}', { name })}
          className="flex h-10 items-center gap-2 rounded-full py-1 ps-1 pe-3 text-sm font-medium transition-colors hover:bg-bg-hover data-[state=open]:bg-bg-hover"
        >
          <UserAvatar user={user} className="size-8" />
          <span className="max-w-36 truncate">{name}</span>
          <ChevronDown size={16} aria-hidden className="text-fg-muted" />
        </button>
      }
    >
      <div className="flex items-center gap-3 px-3 pt-2 pb-3">
        <UserAvatar user={user} className="size-10" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="truncate text-xs text-fg-muted">{user.email}</p>
        </div>
      </div>
      <MenuSeparator />
      {items.map((item) => (
        <MenuItem key={item.id} asChild>
          <MenuLink item={item}>{t(item.label)}</MenuLink>
        </MenuItem>
      ))}
      {items.length > 0 && <MenuSeparator />}
      <MenuItem startIcon={<LogOut size={16} aria-hidden />} onSelect={logout}>
        {t('Log out')}
      </MenuItem>
    </Menu>
  );
}
