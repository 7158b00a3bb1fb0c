import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, NavLink, Outlet, Route, Routes } from 'react-router';
import { useBootstrap } from '../../api/bootstrap';
import { cn } from '../../ui/cn';
import { NotFoundPage } from '../not-found/not-found-page';
import { Logo } from '../shell/logo';
import { UserMenu } from '../shell/user-menu';
import { ArtistLayout } from './artist-layout';
import { ArtistProfile } from './artist-profile';
import { BackstageHome } from './backstage-home';
import { InsightsPage } from './insights-page';
import { ReleaseEditor } from './release-editor';
import { ReleasesList } from './releases-list';
import { RequestForm } from './request-form';

/**
 * /backstage/*: where artists and labels manage their profiles, releases and insights. Loaded on demand as its own
 * chunk, for signed-in users.
 */
export function BackstageArea() {
  return (
    <Routes>
      <Route element={<BackstageLayout />}>
        <Route index element={<BackstageHome />} />
        <Route path="requests/new" element={<RequestForm />} />
        <Route path="artists/:artistId" element={<ArtistLayout />}>
          <Route index element={<ArtistProfile />} />
          <Route path="releases" element={<ReleasesList />} />
          <Route path="insights" element={<InsightsPage />} />
        </Route>
        <Route path="releases/:releaseId" element={<ReleaseEditor />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function BackstageLayout() {
  const { t } = useTranslation();
  const data = useBootstrap();
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex h-11 items-center border-b-2 px-1 text-sm font-medium whitespace-nowrap transition-colors sm:h-14',
      isActive ? 'border-primary text-fg' : 'border-transparent text-fg-muted hover:text-fg',
    );
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-[1080px] flex-wrap items-center gap-x-4 px-4 sm:h-14 sm:flex-nowrap sm:px-6">
          <Logo className="h-7" />
          <span className="hidden text-sm font-semibold tracking-wide text-fg-muted uppercase sm:inline">
            {t('Backstage')}
          </span>
          {/* On a phone the tabs take a row of their own below the logo. */}
          <nav
            aria-label={t('Backstage')}
            className="order-last flex w-full gap-4 sm:order-none sm:ms-2 sm:w-auto"
          >
            <NavLink to="/backstage" end className={tab}>
              {t('Overview')}
            </NavLink>
            <NavLink to="/backstage/requests/new" className={tab}>
              {t('New request')}
            </NavLink>
          </nav>
          <div className="ms-auto flex h-14 items-center gap-2">
            <Link
              to="/"
              className="hidden items-center gap-1 text-sm text-fg-muted hover:text-fg sm:flex"
            >
              <ArrowLeft size={16} aria-hidden />
              {t('Back to the site')}
            </Link>
            {data.user && <UserMenu user={data.user} />}
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-[1080px] flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
