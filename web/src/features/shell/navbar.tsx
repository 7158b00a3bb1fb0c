import clsx from 'clsx';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { useAuthUser, useSetting } from '../../api/bootstrap';
import { Button } from '../../ui/button';
import { Logo } from './logo';
import { MenuLink } from './menu-link';
import { useShellControls } from './shell-controls';
import { useMenuItems } from './use-menu';

export interface NavbarProps {
  /**
   * 'solid' sticks to the top on the page background; 'overlay' floats, transparent, over a
   * dark header image (the landing page).
   */
  variant?: 'solid' | 'overlay';
}

/** Logo, the primary menu, the notification bell and the user menu (or Log in / Register). */
export function Navbar({ variant = 'solid' }: NavbarProps) {
  const { t } = useTranslation();
  const user = useAuthUser();
  const primary = useMenuItems('primary');
  const registrationDisabled = useSetting('registration.disable') === true;
  const overlay = variant === 'overlay';
  const { WorkspaceSwitcher, NotificationBell, UserMenu, MobileNav } = useShellControls();

  return (
    <header
      className={clsx(
        'z-30 w-full',
        overlay
          ? 'absolute inset-x-0 top-0 text-white [--bg-hover:rgb(255_255_255/0.12)] [--border:rgb(255_255_255/0.3)] [--fg-muted:rgb(255_255_255/0.72)] [--fg:#fff]'
          : 'sticky top-0 border-b border-border bg-bg/85 text-fg backdrop-blur-md',
      )}
    >
      <div className="mx-auto flex h-16 max-w-[1280px] items-center gap-6 px-4 sm:px-6">
        <Logo tone={overlay ? 'onDark' : 'auto'} />
        <nav aria-label={t('Main')} className="hidden min-w-0 items-center gap-1 min-[769px]:flex">
          {primary.map((item) => (
            <MenuLink
              key={item.id}
              item={item}
              className={({ isActive }) =>
                clsx(
                  'rounded-sm px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-bg-hover',
                  isActive ? 'text-fg' : 'text-fg-muted hover:text-fg',
                )
              }
            >
              {t(item.label)}
            </MenuLink>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-2">
          {user && <WorkspaceSwitcher />}
          <NotificationBell />
          {user ? (
            <div className="hidden min-[769px]:block">
              <UserMenu user={user} />
            </div>
          ) : (
            <div className="hidden items-center gap-2 min-[769px]:flex">
              <Button asChild variant="text" size="sm" className="text-fg">
                <Link to="/login">{t('Log in')}</Link>
              </Button>
              {!registrationDisabled && (
                <Button asChild size="sm" radius="full" className="px-4">
                  <Link to="/register">{t('Register')}</Link>
                </Button>
              )}
            </div>
          )}
          <MobileNav className="min-[769px]:hidden" />
        </div>
      </div>
    </header>
  );
}
