import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { useAuthUser } from '../../../api/bootstrap';
import { Button } from '../../../ui/button';
import { HeaderBackButton } from '../../shell/back-button';
import { NotificationBell } from '../../shell/notification-bell';
import { UserMenu } from '../../shell/user-menu';
import { WorkspaceSwitcher } from '../../workspaces/workspace-switcher';

/** Search and the account controls above the content. */
export function TopBar({ search }: { search: ReactNode }) {
  const { t } = useTranslation();
  const user = useAuthUser();
  return (
    // The blur makes the header a stacking context of its own: lift it above the content so the
    // search suggestions open over the cards (whose titles sit at z-10 for their hit areas).
    <header className="relative z-20 flex h-16 shrink-0 items-center gap-2 sm:gap-4 border-b border-border bg-bg/85 px-4 backdrop-blur-md sm:px-6">
      <HeaderBackButton className="-ms-2 shrink-0" />
      <div role="search" className="min-w-0 flex-1">
        {search}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {/* Which workspace requests are scoped to, as in the site's navbar. */}
        {user && <WorkspaceSwitcher />}
        <NotificationBell />
        {user ? (
          <UserMenu user={user} />
        ) : (
          <Button asChild size="sm" radius="full">
            <Link to="/login">{t('Log in')}</Link>
          </Button>
        )}
      </div>
    </header>
  );
}
