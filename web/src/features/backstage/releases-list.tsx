import { RELEASE_TYPES, type ReleaseType, type UploadQuota } from '@cadenza/contracts/backstage';
import { Disc3, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { showError } from '../../app/error-handling/handle-error';
import { PageLoadError } from '../../app/page-load-error';
import { formatDate } from '../../i18n/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { Select, SelectItem } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { TextField } from '../../ui/text-field';
import { totalMinutes } from '../../i18n/durations';
import { useArtistProfile } from './backstage-api';
import { RELEASE_STATUS_TONES, releaseStatusLabels, releaseTypeLabels } from './release-labels';
import { useCreateRelease, useReleases } from './releases-api';

/** /backstage/artists/:id/releases: the artist's albums, singles and EPs, newest first. */
export function ReleasesList() {
  const { t } = useTranslation();
  const artistId = Number(useParams().artistId);
  const releases = useReleases(artistId);
  const profile = useArtistProfile(artistId);
  const canEdit = profile.data?.access === 'edit';
  const [creating, setCreating] = useState(false);
  const types = releaseTypeLabels(t);
  const statuses = releaseStatusLabels(t);

  if (releases.isError) return <PageLoadError inScreen onRetry={() => void releases.refetch()} />;
  if (!releases.data) return <Skeleton className="h-64" />;
  const { releases: list, quota } = releases.data;

  return (
    <section aria-labelledby="releases-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="releases-title" className="text-lg font-semibold">
          {t('Releases')}
        </h2>
        <QuotaLine quota={quota} />
        {canEdit && (
          <Button className="ms-auto" onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden />
            {t('New release')}
          </Button>
        )}
      </div>
      {list.length === 0 ? (
        <EmptyState
          image={<Disc3 size={40} />}
          message={t('No releases yet')}
          description={
            canEdit
              ? t('Make an album, a single or an EP: drop in the audio files, order them, publish.')
              : t('Releases of this artist will show here.')
          }
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {list.map((release) => (
            <li key={release.id}>
              <Link
                to={`/backstage/releases/${release.id}`}
                className="flex items-center gap-4 rounded-lg border border-border p-3 transition-colors hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary"
              >
                <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-bg-elevated">
                  {release.image ? (
                    <img src={release.image} alt="" className="size-full object-cover" />
                  ) : (
                    <Disc3 size={28} aria-hidden className="text-fg-muted" />
                  )}
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="truncate font-medium">{release.name}</span>
                  <span className="text-sm text-fg-muted">
                    {types[release.type as ReleaseType] ?? release.type} ·{' '}
                    {t('{{count}} tracks', {
                      count: release.tracks_count,
                      defaultValue_one: '{{count}} track',
                      defaultValue_other: '{{count}} tracks',
                    })}
                    {release.tracks_count > 0 &&
                      ` · ${t('{{count}} min', { count: totalMinutes(release.duration_ms) })}`}
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
                    <Badge tone={RELEASE_STATUS_TONES[release.status]}>
                      {statuses[release.status]}
                    </Badge>
                    {release.status === 'scheduled' && release.publish_at
                      ? t('Goes out {{date}}', { date: formatDate(release.publish_at, 'long') })
                      : release.release_date && formatDate(release.release_date, 'long')}
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {creating && <NewReleaseDialog artistId={artistId} onClose={() => setCreating(false)} />}
    </section>
  );
}

/** How much of the plan's upload allowance is used, when it has one. */
function QuotaLine({ quota }: { quota: UploadQuota }) {
  const { t } = useTranslation();
  const parts = [];
  if (quota.tracks.limit !== null)
    parts.push(t('{{used}} of {{limit}} tracks', quota.tracks as Record<string, number>));
  if (quota.minutes.limit !== null)
    parts.push(t('{{used}} of {{limit}} minutes', quota.minutes as Record<string, number>));
  if (parts.length === 0) return null;
  return (
    <p className="text-sm text-fg-muted">
      {t('Your plan: {{allowance}} uploaded', { allowance: parts.join(', ') })}{' '}
      <Link to="/pricing" className="text-primary underline underline-offset-2">
        {t('Upgrade')}
      </Link>
    </p>
  );
}

function NewReleaseDialog({ artistId, onClose }: { artistId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRelease(artistId);
  const [name, setName] = useState('');
  const [type, setType] = useState<ReleaseType>('album');
  const [error, setError] = useState<string>();
  const types = releaseTypeLabels(t);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('Give the release a title.'));
    create.mutate(
      { name: name.trim(), type },
      {
        onSuccess: (release) => void navigate(`/backstage/releases/${release.id}`),
        onError: (failure) => {
          if (isApiError(failure) && failure.hasFieldErrors) setError(failure.fieldErrors.name);
          else showError(failure, t);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} size="sm">
      <form onSubmit={submit} noValidate>
        <DialogHeader>{t('New release')}</DialogHeader>
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={t('Title')}
            value={name}
            autoFocus
            errorMessage={error}
            onChange={(event) => setName(event.target.value)}
          />
          <Select
            label={t('Type')}
            value={type}
            onValueChange={(value) => setType(value as ReleaseType)}
          >
            {RELEASE_TYPES.map((value) => (
              <SelectItem key={value} value={value}>
                {types[value]}
              </SelectItem>
            ))}
          </Select>
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="outline">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={create.isPending}>
            {t('Create')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
