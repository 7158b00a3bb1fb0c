import { ArrowLeft, ChevronRight, Menu as MenuIcon, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { canAccess, usePermission } from '../../app/access';
import { useBootstrap } from '../../api/bootstrap';
import { IconButton } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Logo } from '../shell/logo';
import { UserMenu } from '../shell/user-menu';
import { ADMIN_GROUPS, ADMIN_SECTIONS, type AdminSection } from './admin-sections';
import { AdsPage } from './ads/ads-page';
import { AppearanceEditor } from './appearance/appearance-editor';
import { ArtistRequestsScreen } from './backstage/artist-requests-page';
import { PlansPage } from './billing/plans-page';
import { AlbumsPage } from './catalogue/albums-page';
import { ArtistsPage } from './catalogue/artists-page';
import { GenresPage } from './catalogue/genres-page';
import { LyricsPage } from './catalogue/lyrics-page';
import { PlaylistsPage } from './catalogue/playlists-page';
import { TracksPage } from './catalogue/tracks-page';
import { ReportsPage } from './reports/reports-page';
import { ChannelsScreen } from './channels/channels-screen';
import { SubscriptionsPage } from './billing/subscriptions-page';
import { VouchersPage } from './billing/vouchers-page';
import { LibraryImportPage } from './library/library-import-page';
import { RadioStationsPage } from './radio-stations/radio-stations-page';
import { LocalizationsScreen } from './localizations/localizations-screen';
import { CustomPagesScreen } from './pages/custom-pages-screen';
import { Forbidden } from './components/forbidden';
import { AuditLogPage } from './logs/audit-log-page';
import { ErrorLogPage } from './logs/error-log-page';
import { MailLogPage } from './logs/mail-log-page';
import { JobsPage } from './jobs/jobs-page';
import { RolesPage } from './roles/roles-page';
import { SettingsPage } from './settings/settings-page';
import { SETTINGS_SCREENS } from './settings/settings-screens';
import { UsersPage } from './users/users-page';

const SCREENS: Record<string, () => React.ReactNode> = {
  reports: () => <ReportsPage />,
  appearance: () => <AppearanceEditor />,
  artists: () => <ArtistsPage />,
  albums: () => <AlbumsPage />,
  tracks: () => <TracksPage />,
  genres: () => <GenresPage />,
  playlists: () => <PlaylistsPage />,
  lyrics: () => <LyricsPage />,
  'backstage-requests': () => <ArtistRequestsScreen />,
  library: () => <LibraryImportPage />,
  'radio-stations': () => <RadioStationsPage />,
  channels: () => <ChannelsScreen />,
  plans: () => <PlansPage />,
  vouchers: () => <VouchersPage />,
  subscriptions: () => <SubscriptionsPage />,
  users: () => <UsersPage />,
  roles: () => <RolesPage />,
  pages: () => <CustomPagesScreen />,
  ads: () => <AdsPage />,
  localizations: () => <LocalizationsScreen />,
  ...Object.fromEntries(
    SETTINGS_SCREENS.map((screen) => [
      `settings/${screen.path}`,
      () => <SettingsPage key={screen.path} screen={screen} />,
    ]),
  ),
  'logs/audit': () => <AuditLogPage />,
  'logs/mail': () => <MailLogPage />,
  'logs/errors': () => <ErrorLogPage />,
  jobs: () => <JobsPage />,
};

/**
 * /admin/*: the admin area, loaded on demand as its own chunk. A left navigation grouped by
 * area (a drawer on mobile), breadcrumbs, and each section behind its own permission.
 */
export function AdminArea() {
  const { t } = useTranslation();
  const data = useBootstrap();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const first = ADMIN_SECTIONS.find((section) => canAccess(data, section.permission));
  useWithoutCustomCss();

  return (
    <div className="flex min-h-screen bg-bg text-fg">
      <aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col border-e border-border md:flex">
        <AdminNav />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center gap-2 border-b border-border px-3 sm:px-6">
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Trigger asChild>
              <IconButton label={t('Open menu')} size="sm" className="md:hidden">
                <MenuIcon size={22} aria-hidden />
              </IconButton>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-bg/80 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
              <Dialog.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col border-e border-border bg-bg-elevated shadow-overlay outline-none"
              >
                <Dialog.Title className="sr-only">{t('Admin menu')}</Dialog.Title>
                <Dialog.Close asChild>
                  <IconButton label={t('Close')} size="sm" className="absolute end-2 top-2">
                    <X size={20} aria-hidden />
                  </IconButton>
                </Dialog.Close>
                <AdminNav onNavigate={() => setDrawerOpen(false)} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <Breadcrumbs />
          <div className="ms-auto">{data.user && <UserMenu user={data.user} />}</div>
        </header>
        <main className="min-w-0 flex-1 px-3 py-6 sm:px-6">
          <Routes>
            <Route index element={first ? <Navigate to={first.path} replace /> : <Forbidden />} />
            {ADMIN_SECTIONS.map((section) => (
              <Route
                key={section.path}
                path={`${section.path}/*`}
                element={<Guarded section={section} />}
              />
            ))}
            <Route path="*" element={<SectionNotFound />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}

/**
 * The site's custom CSS is for the public site: a visit that came from there keeps its
 * stylesheet in the page, so the admin area switches it off while it is open.
 */
function useWithoutCustomCss() {
  useEffect(() => {
    const link = document.getElementById('custom-css') as HTMLLinkElement | null;
    if (!link) return;
    link.disabled = true;
    return () => {
      link.disabled = false;
    };
  }, []);
}

/** A section's screen, or the 403 screen for an admin without that section's permission. */
function Guarded({ section }: { section: AdminSection }) {
  const allowed = usePermission(section.permission);
  return allowed ? SCREENS[section.path]!() : <Forbidden />;
}

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const data = useBootstrap();
  return (
    <>
      <div className="flex h-14 items-center px-4">
        {/* The logo is itself a link, to the site's home. */}
        <Logo className="h-7" />
      </div>
      <nav aria-label={t('Admin')} className="flex flex-1 flex-col gap-5 overflow-y-auto px-3 py-2">
        {ADMIN_GROUPS.map((group) => {
          const sections = group.sections.filter((section) => canAccess(data, section.permission));
          if (sections.length === 0) return null;
          return (
            <div key={group.label}>
              <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                {t(group.label)}
              </p>
              <ul className="flex flex-col gap-0.5">
                {sections.map(({ path, label, icon: Icon }) => (
                  <li key={path}>
                    <NavLink
                      to={`/admin/${path}`}
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        cn(
                          'flex h-10 items-center gap-3 rounded-sm px-3 text-sm font-medium transition-colors hover:bg-bg-hover',
                          isActive && 'bg-bg-hover text-primary',
                        )
                      }
                    >
                      <Icon size={18} aria-hidden />
                      {t(label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <div className="border-t border-border p-3">
        <Link
          to="/"
          onClick={onNavigate}
          className="flex h-10 items-center gap-3 rounded-sm px-3 text-sm font-medium hover:bg-bg-hover"
        >
          <ArrowLeft size={18} aria-hidden />
          {t('Back to the site')}
        </Link>
      </div>
    </>
  );
}

function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const section = ADMIN_SECTIONS.find((candidate) =>
    pathname.startsWith(`/admin/${candidate.path}`),
  );
  const group = ADMIN_GROUPS.find((candidate) => section && candidate.sections.includes(section));
  return (
    <nav aria-label={t('Breadcrumbs')} className="min-w-0">
      <ol className="flex items-center gap-1 text-sm text-fg-muted">
        <li>
          <Link to="/admin" className="hover:text-fg">
            {t('Admin')}
          </Link>
        </li>
        {group && section && (
          <>
            <li aria-hidden>
              <ChevronRight size={14} />
            </li>
            <li className="hidden sm:block">{t(group.label)}</li>
            <li aria-hidden className="hidden sm:block">
              <ChevronRight size={14} />
            </li>
            <li aria-current="page" className="truncate font-medium text-fg">
              {t(section.label)}
            </li>
          </>
        )}
      </ol>
    </nav>
  );
}

function SectionNotFound() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 py-24 text-center">
      <h1 className="text-2xl font-semibold">{t('Page not found')}</h1>
      <Link to="/admin" className="text-primary hover:underline">
        {t('Back to the admin area')}
      </Link>
    </div>
  );
}
