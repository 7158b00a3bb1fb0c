import type { BackstageRequest, ManagedArtist } from '@cadenza/contracts/backstage';
import { BadgeCheck, Mic2, Sparkles, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { PageLoadError } from '../../app/page-load-error';
import { Badge } from '../../ui/badge';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { useManagedArtists, useMyRequests } from './backstage-api';
import { REQUEST_STATUS_LABELS, REQUEST_STATUS_TONES, REQUEST_TYPE_LABELS } from './request-labels';

/** /backstage: the artists the user manages, what they can ask for, and what they asked. */
export function BackstageHome() {
  const { t } = useTranslation();
  const artists = useManagedArtists();
  const requests = useMyRequests();
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="your-artists" className="flex flex-col gap-4">
        <h1 id="your-artists" className="text-2xl font-semibold">
          {t('Your artists')}
        </h1>
        {artists.isError ? (
          <PageLoadError inScreen onRetry={() => void artists.refetch()} />
        ) : !artists.data ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : artists.data.length === 0 ? (
          <EmptyState
            image={<Mic2 size={40} strokeWidth={1.5} />}
            message={t('You do not manage an artist yet. Ask for a profile below.')}
            className="rounded-lg border border-border"
          />
        ) : (
          <ul aria-labelledby="your-artists" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {artists.data.map((artist) => (
              <ArtistCard key={artist.id} artist={artist} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="ask" className="flex flex-col gap-4">
        <h2 id="ask" className="text-xl font-semibold">
          {t('Ask for a profile')}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <Choice
            type="become-artist"
            icon={<Sparkles size={22} aria-hidden />}
            title={t('Become an artist')}
            text={t('Start a new artist profile and release your music here.')}
          />
          <Choice
            type="claim-artist"
            icon={<UserPlus size={22} aria-hidden />}
            title={t('Claim your profile')}
            text={t('Your music is here already: manage the profile that holds it.')}
          />
          <Choice
            type="verify-artist"
            icon={<BadgeCheck size={22} aria-hidden />}
            title={t('Get verified')}
            text={t('Show listeners that a profile you manage is really you.')}
          />
        </div>
      </section>

      <section aria-labelledby="your-requests" className="flex flex-col gap-4">
        <h2 id="your-requests" className="text-xl font-semibold">
          {t('Your requests')}
        </h2>
        {requests.isError ? (
          <PageLoadError inScreen onRetry={() => void requests.refetch()} />
        ) : !requests.data ? (
          <Skeleton className="h-24" />
        ) : requests.data.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('You have not asked for anything yet.')}</p>
        ) : (
          <ul
            aria-label={t('Your requests')}
            className="flex flex-col divide-y divide-border rounded-lg border border-border"
          >
            {requests.data.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ArtistCard({ artist }: { artist: ManagedArtist }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3 rounded-lg border border-border p-3">
      <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-full bg-bg-hover">
        {artist.image_small ? (
          <img src={artist.image_small} alt="" className="size-full object-cover" />
        ) : (
          <Mic2 size={22} aria-hidden className="text-fg-muted" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <Link
          to={`/backstage/artists/${artist.id}`}
          className="flex items-center gap-1 font-medium hover:underline"
        >
          <span className="truncate">{artist.name}</span>
          {artist.verified && (
            <BadgeCheck size={16} className="shrink-0 text-primary" aria-label={t('Verified')} />
          )}
        </Link>
        <p className="truncate text-sm text-fg-muted">
          {artist.workspace
            ? t('Through {{workspace}}', { workspace: artist.workspace.name })
            : t('Managed by you')}
        </p>
      </div>
    </li>
  );
}

function Choice({
  type,
  icon,
  title,
  text,
}: {
  type: BackstageRequest['type'];
  icon: ReactNode;
  title: string;
  text: string;
}) {
  return (
    <Link
      to={`/backstage/requests/new?type=${type}`}
      className="flex flex-col gap-2 rounded-lg border border-border p-4 transition-colors hover:bg-bg-hover"
    >
      <span className="text-primary">{icon}</span>
      <span className="font-semibold">{title}</span>
      <span className="text-sm text-fg-muted">{text}</span>
    </Link>
  );
}

function RequestRow({ request }: { request: BackstageRequest }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-1 p-4">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{request.artist_name}</p>
        <p className="text-sm text-fg-muted">
          {t(REQUEST_TYPE_LABELS[request.type])} · {date.format(new Date(request.created_at))}
        </p>
        {request.status === 'denied' && request.reason && (
          <p className="mt-1 text-sm">
            <span className="font-medium">{t('Reason:')}</span> {request.reason}
          </p>
        )}
      </div>
      <Badge tone={REQUEST_STATUS_TONES[request.status]}>
        {t(REQUEST_STATUS_LABELS[request.status])}
      </Badge>
    </li>
  );
}
