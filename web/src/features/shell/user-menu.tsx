import { Check, ChevronDown, LogOut, Moon, Sun } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguageChoice } from '../../i18n/language-picker';
import { useThemeSelector } from '../../theme/use-theme-selector';
import type { AuthUser } from '../../api/bootstrap';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../../ui/menu';
import { useLogout } from '../auth/use-logout';
import { useAccountLinks } from './account-links';
import { MenuLink } from './menu-link';
import { UserAvatar } from '../../ui/user-avatar';
import { useMenuItems } from './use-menu';

/**
 * The logged-in user's menu: the auth-dropdown menu items, the app's own places (backstage,
 * plan and billing, workspaces), the theme and the language, and 'Log out'.
 */
export function UserMenu({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const name = user.display_name || user.email;

  return (
    <Menu
      align="end"
      aria-label={t('Account')}
      trigger={
        <button
          type="button"
          aria-label={t('Account menu of {{name}}', { name })}
          className="flex h-10 min-w-0 items-center gap-2 rounded-full py-1 ps-1 pe-1 text-sm font-medium transition-colors hover:bg-bg-hover data-[state=open]:bg-bg-hover sm:pe-3"
        >
          <UserAvatar user={user} className="size-8" />
          {/* Phones show the avatar only, so a long name does not squeeze the search. */}
          <span className="hidden max-w-36 truncate sm:inline">{name}</span>
          <ChevronDown size={16} aria-hidden className="hidden text-fg-muted sm:block" />
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
      {/* The menu's content mounts when it opens, so these ask the server only then. */}
      <UserMenuItems />
    </Menu>
  );
}

function UserMenuItems() {
  const { t } = useTranslation();
  const items = useMenuItems('auth-dropdown');
  const links = useAccountLinks(items);
  const { logout } = useLogout();

  return (
    <>
      {items.map((item) => (
        <MenuItem key={item.id} asChild>
          <MenuLink item={item}>{t(item.label)}</MenuLink>
        </MenuItem>
      ))}
      {links.map((link) => (
        <MenuItem key={link.to} asChild>
          <Link to={link.to}>{link.label}</Link>
        </MenuItem>
      ))}
      <MenuSeparator />
      <ThemeItem />
      <LanguageItems />
      <MenuItem startIcon={<LogOut size={16} aria-hidden />} onSelect={logout}>
        {t('Log out')}
      </MenuItem>
    </>
  );
}

/** Light or dark, as the footer's toggle; absent when visitors may not change the theme. */
function ThemeItem() {
  const { t } = useTranslation();
  const { activeTheme, canChange, toggle } = useThemeSelector();
  if (!canChange || !activeTheme) return null;
  const dark = activeTheme.is_dark;
  return (
    <>
      <MenuItem
        startIcon={dark ? <Sun size={16} aria-hidden /> : <Moon size={16} aria-hidden />}
        onSelect={toggle}
      >
        {dark ? t('Switch to light mode') : t('Switch to dark mode')}
      </MenuItem>
      <MenuSeparator />
    </>
  );
}

/** The site's languages, the one in use ticked; absent when languages are switched off. */
function LanguageItems() {
  const { t } = useTranslation();
  const { enabled, active, localizations, choose } = useLanguageChoice();
  if (!enabled) return null;
  return (
    <>
      <MenuLabel>{t('Language')}</MenuLabel>
      {localizations.map((localization) => {
        const selected = localization.language === active.language;
        return (
          <MenuItem
            key={localization.language}
            lang={localization.language}
            onSelect={() => choose(localization.language)}
            aria-current={selected || undefined}
            endContent={selected ? <Check size={16} className="text-primary" aria-hidden /> : null}
          >
            {localization.name}
          </MenuItem>
        );
      })}
      <MenuSeparator />
    </>
  );
}
