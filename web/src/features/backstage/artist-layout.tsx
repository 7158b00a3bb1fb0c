import { ExternalLink } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { PageLoadError } from '../../app/page-load-error';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/skeleton';
import { useArtistProfile } from './backstage-api';

/** /backstage/artists/:id/*: one artist, with its profile, releases and insights as tabs. */
export function ArtistLayout() {
  const { t } = useTranslation();
  const id = Number(useParams().artistId);
  const profile = useArtistProfile(id);
  if (profile.isError) return <PageLoadError inScreen onRetry={() => void profile.refetch()} />;
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-full px-3 py-1.5 text-sm font-medium transition-colors',
      isActive ? 'bg-fg text-bg' : 'text-fg-muted hover:bg-bg-hover hover:text-fg',
    );
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center gap-3">
        {profile.data ? (
          <h1 className="text-2xl font-semibold">{profile.data.artist.name}</h1>
        ) : (
          <Skeleton className="h-8 w-48" />
        )}
        <Link
          to={`/artist/${id}`}
          target="_blank"
          className="ms-auto inline-flex items-center gap-1 text-sm text-primary hover:underline"
        >
          {t('Open the public page')}
          <ExternalLink size={14} aria-hidden />
        </Link>
      </header>
      <nav aria-label={t('Artist')} className="-mt-2 flex flex-wrap gap-2">
        <NavLink to={`/backstage/artists/${id}`} end className={tab}>
          {t('Profile')}
        </NavLink>
        <NavLink to={`/backstage/artists/${id}/releases`} className={tab}>
          {t('Releases')}
        </NavLink>
        <NavLink to={`/backstage/artists/${id}/insights`} className={tab}>
          {t('Insights')}
        </NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
