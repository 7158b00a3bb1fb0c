import { profileSlug } from '@cadenza/contracts/profile-slug';
import { BadgeCheck, Mic2 } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Skeleton } from '../../../ui/skeleton';
import { useLandingArtists, type LandingArtist } from '../api/landing-artists';
import { SectionHeading } from './section-heading';

/** Most artists the section shows, and the most placeholders drawn while they load. */
export const MAX_TRENDING_ARTISTS = 30;
const SKELETON_COUNT = 12;

const gridClasses = 'grid grid-cols-3 gap-x-4 gap-y-8 sm:grid-cols-4 lg:grid-cols-6 sm:gap-x-6';

/** Trending artists (GET landing/artists), each linking to their artist page. */
export function TrendingArtists() {
  const { t } = useTranslation();
  const query = useLandingArtists();
  // Until the catalogue answers this endpoint, a 404 simply means there is nothing to show.
  const missing = query.isError && isApiError(query.error, 404);
  const artists = (query.data?.artists ?? []).slice(0, MAX_TRENDING_ARTISTS);

  let body;
  if (query.isPending) {
    body = (
      <ul aria-hidden className={gridClasses}>
        {Array.from({ length: Math.min(SKELETON_COUNT, MAX_TRENDING_ARTISTS) }, (_, i) => (
          <li key={i} className="flex flex-col items-center gap-3">
            <Skeleton variant="circle" className="w-full" />
            <Skeleton variant="text" className="w-2/3" />
          </li>
        ))}
      </ul>
    );
  } else if (query.isError && !missing) {
    body = (
      <EmptyState
        message={t('There was an issue loading this page')}
        description={t('Please try again later')}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('Try again')}
          </Button>
        }
      />
    );
  } else if (artists.length === 0) {
    body = (
      <EmptyState
        image={<Mic2 size={40} strokeWidth={1.5} />}
        message={t('No trending artists yet')}
        description={t('As soon as people start listening, the most played artists show up here.')}
        action={
          <Button asChild variant="outline" radius="full">
            <Link to="/discover">{t('Browse music')}</Link>
          </Button>
        }
        className="rounded-lg border border-dashed border-border"
      />
    );
  } else {
    body = (
      <ul className={gridClasses}>
        {artists.map((artist) => (
          <li key={artist.id}>
            <ArtistCard artist={artist} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      aria-labelledby="trending-artists"
      aria-busy={query.isPending || undefined}
      className="mx-auto w-full max-w-[1280px] px-4 py-16 sm:px-6 sm:py-24"
    >
      <SectionHeading
        id="trending-artists"
        title={t('Trending artists')}
        subtitle={t('The artists everyone is listening to right now.')}
      />
      {body}
    </section>
  );
}

function ArtistCard({ artist }: { artist: LandingArtist }) {
  const { t } = useTranslation();
  const image = artist.image_small ?? artist.albums?.[0]?.image ?? null;
  return (
    <Link
      to={`/artist/${artist.id}/${profileSlug(artist.name)}`}
      className="group flex flex-col items-center gap-3 rounded-lg text-center"
    >
      <div className="aspect-square w-full overflow-hidden rounded-full bg-bg-elevated">
        {image ? (
          <img
            src={image}
            alt=""
            loading="lazy"
            className="size-full object-cover transition-transform duration-200 ease-out group-hover:scale-105"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-fg-muted">
            <Mic2 size={32} strokeWidth={1.5} aria-hidden />
          </div>
        )}
      </div>
      <span className="flex max-w-full items-center gap-1 text-sm font-semibold">
        <span className="truncate" title={artist.name}>
          {artist.name}
        </span>
        {artist.verified && (
          <BadgeCheck size={16} className="shrink-0 text-primary" aria-label={t('Verified')} />
        )}
      </span>
    </Link>
  );
}
