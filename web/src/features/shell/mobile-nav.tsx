import clsx from 'clsx';
import { LogOut, Menu as MenuIcon, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, NavLink } from 'react-router';
import { useAuthUser, useSetting } from '../../api/bootstrap';
import { Button, IconButton } from '../../ui/button';
import { useLogout } from '../auth/use-logout';
import { useAccountLinks } from './account-links';
import { MenuLink } from './menu-link';
import { UserAvatar } from '../../ui/user-avatar';
import { useMenuItems } from './use-menu';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex min-h-12 items-center rounded-sm px-3 text-base font-medium transition-colors hover:bg-bg-hover',
    isActive && 'text-primary',
  );

/** On mobile the navigation folds into a menu button that opens a bottom tray. */
export function MobileNav({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const user = useAuthUser();
  const primary = useMenuItems('primary');
  const account = useMenuItems('auth-dropdown');
  const registrationDisabled = useSetting('registration.disable') === true;
  const { logout } = useLogout();
  const close = () => setOpen(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <IconButton label={t('Open menu')} size="sm" className={className}>
          <MenuIcon size={22} aria-hidden />
        </IconButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-bg/80 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[85dvh] w-full max-w-[375px] flex-col overflow-y-auto rounded-t-lg border border-b-0 border-border bg-bg-elevated p-2 pb-[max(8px,env(safe-area-inset-bottom))] text-fg shadow-overlay outline-none data-[state=closed]:animate-tray-out data-[state=open]:animate-tray-in"
        >
          <div className="flex items-center justify-between px-3 py-2">
            <Dialog.Title className="text-sm font-semibold text-fg-muted">{t('Menu')}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label={t('Close')} size="sm">
                <X size={20} aria-hidden />
              </IconButton>
            </Dialog.Close>
          </div>
          <nav aria-label={t('Main')} className="flex flex-col">
            {primary.map((item) => (
              <MenuLink key={item.id} item={item} className={linkClasses} onClick={close}>
                {t(item.label)}
              </MenuLink>
            ))}
          </nav>
          <div className="my-2 h-px bg-border" />
          {user ? (
            <div className="flex flex-col">
              <div className="flex items-center gap-3 px-3 py-2">
                <UserAvatar user={user} className="size-10" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold">
                    {user.display_name || user.email}
                  </p>
                  <p className="truncate text-xs text-fg-muted">{user.email}</p>
                </div>
              </div>
              {account.map((item) => (
                <MenuLink key={item.id} item={item} className={linkClasses} onClick={close}>
                  {t(item.label)}
                </MenuLink>
              ))}
              <AccountTrayLinks configured={account} onClick={close} />
              <button
                type="button"
                className={clsx(linkClasses({ isActive: false }), 'gap-3 text-start')}
                onClick={() => {
                  close();
                  logout();
                }}
              >
                <LogOut size={18} aria-hidden />
                {t('Log out')}
              </button>
            </div>
          ) : (
            <div className="flex flex-col gap-2 p-2">
              <Button asChild variant="outline" size="md" fullWidth>
                <Link to="/login" onClick={close}>
                  {t('Log in')}
                </Link>
              </Button>
              {!registrationDisabled && (
                <Button asChild size="md" fullWidth>
                  <Link to="/register" onClick={close}>
                    {t('Register')}
                  </Link>
                </Button>
              )}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The app's own places (backstage, billing, workspaces); mounted only while the tray is open. */
function AccountTrayLinks({
  configured,
  onClick,
}: {
  configured: ReturnType<typeof useMenuItems>;
  onClick: () => void;
}) {
  const links = useAccountLinks(configured);
  return links.map((link) => (
    <NavLink key={link.to} to={link.to} className={linkClasses} onClick={onClick}>
      {link.label}
    </NavLink>
  ));
}
