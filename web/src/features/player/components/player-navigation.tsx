import clsx from 'clsx';
import { Compass, Library, ListMusic, Radio, Sparkles, Tags, TrendingUp } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { NavLink } from 'react-router';
import { useAuthUser } from '../../../api/bootstrap';
import { Skeleton } from '../../../ui/skeleton';
import { Logo } from '../../shell/logo';
import { useMyPlaylists } from '../api/player-api';
import { NewPlaylistButton } from './new-playlist-button';
import { playlistPath } from './player-links';

const SECTIONS = [
  { to: '/discover', label: 'Discover', icon: Compass },
  { to: '/genres', label: 'Genres', icon: Tags },
  { to: '/top-50', label: 'Top 50', icon: TrendingUp },
  { to: '/new-releases', label: 'New releases', icon: Sparkles },
  { to: '/library', label: 'Library', icon: Library },
  { to: '/radio-stations', label: 'Radio stations', icon: Radio },
] as const;

/** The player's left navigation: the sections, then the listener's playlists. */
export function SideNavigation() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const playlists = useMyPlaylists(user !== null);

  return (
    <nav
      aria-label={t('Browse')}
      className="hidden w-60 shrink-0 flex-col gap-6 overflow-y-auto border-e border-border bg-bg px-3 py-4 min-[769px]:flex"
    >
      <Logo className="px-3" />
      <ul className="flex flex-col gap-1">
        {SECTIONS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                clsx(
                  'flex h-10 items-center gap-3 rounded px-3 text-sm font-medium transition-colors hover:bg-bg-hover',
                  isActive ? 'bg-bg-hover text-fg' : 'text-fg-muted hover:text-fg',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon size={20} aria-hidden className={clsx(isActive && 'text-primary')} />
                  {t(label)}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="flex min-h-0 flex-col gap-2">
        <div className="flex items-center justify-between gap-2 px-3">
          <h2 className="text-xs font-semibold tracking-wider text-fg-muted uppercase">
            {t('Playlists')}
          </h2>
        </div>
        <div className="px-3">
          <NewPlaylistButton />
        </div>
        {!user ? (
          <p className="px-3 text-xs text-fg-muted">
            {t('Log in to create playlists and keep your favourite songs.')}
          </p>
        ) : playlists.isPending ? (
          <div className="flex flex-col gap-2 px-3" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="text" className="h-4 w-3/4" />
            ))}
          </div>
        ) : playlists.isError ? (
          <p className="px-3 text-xs text-fg-muted">{t('Your playlists could not be loaded.')}</p>
        ) : playlists.data.length === 0 ? (
          <p className="px-3 text-xs text-fg-muted">{t('Your playlists will appear here.')}</p>
        ) : (
          <ul aria-label={t('Your playlists')} className="flex flex-col">
            {playlists.data.map((playlist) => (
              <li key={playlist.id}>
                <NavLink
                  to={playlistPath(playlist)}
                  className={({ isActive }) =>
                    clsx(
                      'flex h-8 items-center gap-3 truncate rounded px-3 text-sm transition-colors hover:bg-bg-hover',
                      isActive ? 'text-fg' : 'text-fg-muted hover:text-fg',
                    )
                  }
                >
                  <ListMusic size={16} aria-hidden className="shrink-0" />
                  <span className="truncate">{playlist.name}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </nav>
  );
}

// Search lives in the top bar on phones too; labels are short to fit five tabs.
const TABS = [
  { to: '/discover', label: 'Discover', icon: Compass },
  { to: '/genres', label: 'Genres', icon: Tags },
  { to: '/top-50', label: 'Top 50', icon: TrendingUp },
  { to: '/new-releases', label: 'New', icon: Sparkles },
  { to: '/library', label: 'Library', icon: Library },
] as const;

/** At 768 px and below the navigation becomes a tab bar under the player bar. */
export function MobileTabBar() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('Browse')}
      className="border-t border-border bg-bg pb-[env(safe-area-inset-bottom)] min-[769px]:hidden"
    >
      <ul className="grid h-14 grid-cols-5">
        {TABS.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              className={({ isActive }) =>
                clsx(
                  'flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium',
                  isActive ? 'text-fg' : 'text-fg-muted',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon size={22} aria-hidden className={clsx(isActive && 'text-primary')} />
                  <span className="max-w-full truncate px-1">{t(label)}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
