import {
  RELEASE_TYPES,
  type Release,
  type ReleaseTrack,
  type ReleaseType,
} from '@cadenza/contracts/backstage';
import { ArrowLeft, BarChart3 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { showError } from '../../app/error-handling/handle-error';
import { namesFrom } from '../../app/names';
import { PageLoadError } from '../../app/page-load-error';
import { UnsavedChangesGuard } from '../../app/unsaved-changes';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ImageField } from '../../ui/image-field';
import { Select, SelectItem } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast/toast-store';
import { uploadOne } from '../uploads/use-upload-queue';
import { RELEASE_STATUS_TONES, releaseStatusLabels, releaseTypeLabels } from './release-labels';
import { PublishPanel } from './release-publish-panel';
import { TrackUploads } from './release-track-uploads';
import { draftOf, TrackList, type TrackDraft } from './release-tracks';
import { useRelease, useReleaseActions, type ReleaseDraft } from './releases-api';

/** /backstage/releases/:id: a release's details, tracks, cover and publishing. */
export function ReleaseEditor() {
  const id = Number(useParams().releaseId);
  const release = useRelease(id);
  if (release.isError) return <PageLoadError inScreen onRetry={() => void release.refetch()} />;
  if (!release.data) return <Skeleton className="h-96" />;
  return <ReleaseForm key={id} release={release.data} />;
}

/** The tracks the editor holds, kept in step with the server's: new ones join at the end. */
function mergeTracks(drafts: TrackDraft[], tracks: ReleaseTrack[]): TrackDraft[] {
  const current = new Map(tracks.map((track) => [track.id, track]));
  const kept = drafts
    .filter((draft) => current.has(draft.id))
    .map((draft) => ({ ...draft, measured: current.get(draft.id)! }));
  const known = new Set(kept.map((draft) => draft.id));
  return [...kept, ...tracks.filter((track) => !known.has(track.id)).map(draftOf)];
}

const snapshot = (value: unknown) =>
  JSON.stringify(value, (key, v) => (key === 'measured' ? undefined : v));

/** The details and tracks saved together as one form; the cover and publishing act at once. */
function ReleaseForm({ release }: { release: Release }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useReleaseActions(release.id);
  const canEdit = release.access === 'edit';
  const types = releaseTypeLabels(t);
  const [name, setName] = useState(release.name);
  const [type, setType] = useState<ReleaseType>(release.type as ReleaseType);
  const [releaseDate, setReleaseDate] = useState(release.release_date ?? '');
  const [genres, setGenres] = useState(release.genres.join(', '));
  const [tracks, setTracks] = useState(() => release.tracks.map(draftOf));
  const [saved, setSaved] = useState(() =>
    snapshot({ name, type, releaseDate, genres, tracks: release.tracks.map(draftOf) }),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<TrackDraft | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [coverUploading, setCoverUploading] = useState(false);

  // Tracks added or removed on the server join the editor without losing unsaved edits
  // (adjusted while rendering, as React advises for state that follows a prop).
  const [seenTracks, setSeenTracks] = useState(release.tracks);
  if (seenTracks !== release.tracks) {
    setSeenTracks(release.tracks);
    setTracks((drafts) => mergeTracks(drafts, release.tracks));
    setSaved((before) => {
      const parsed = JSON.parse(before) as { tracks: TrackDraft[] };
      return snapshot({ ...parsed, tracks: mergeTracks(parsed.tracks, release.tracks) });
    });
  }

  const current = { name, type, releaseDate, genres, tracks };
  const isDirty = canEdit && snapshot(current) !== saved;

  const draft = (): ReleaseDraft => ({
    name: name.trim(),
    type,
    release_date: releaseDate || null,
    genres: namesFrom(genres),
    tracks: tracks.map((track) => ({
      id: track.id,
      name: track.name.trim(),
      featured_artists: namesFrom(track.featured),
      genres: namesFrom(track.genres),
      lyrics: track.lyrics.trim() || null,
      explicit: track.explicit,
      isrc: track.isrc.trim() || null,
      downloadable: track.downloadable,
    })),
  });

  const save = async () => {
    setErrors({});
    try {
      await actions.save.mutateAsync(draft());
      setSaved(snapshot(current));
      return true;
    } catch (error) {
      if (isApiError(error) && error.hasFieldErrors) {
        setErrors(error.fieldErrors);
        toast.danger(t('Some fields need your attention.'));
      } else showError(error, t);
      return false;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save().then((ok) => ok && toast.positive(t('Release saved')));
  };

  const publish = async (at: string | null) => {
    if (isDirty && !(await save())) return;
    actions.publish.mutate(at, {
      onSuccess: (published) =>
        toast.positive(
          published.status === 'scheduled' ? t('Release scheduled') : t('Release published'),
        ),
      onError: (error) => {
        if (isApiError(error) && error.hasFieldErrors) setErrors(error.fieldErrors);
        showError(error, t);
      },
    });
  };

  const uploadCover = async (file: File) => {
    const upload = uploadOne(file);
    if (!upload) return;
    setCoverUploading(true);
    const settled = await upload.settled;
    if (settled.status === 'completed' && settled.entry) {
      await actions.cover.mutateAsync(settled.entry.id).catch((error) => showError(error, t));
    } else if (settled.status === 'failed') {
      toast.danger(
        settled.errorMessage ? t(settled.errorMessage, settled.errorValues) : t('Upload failed'),
      );
    }
    setCoverUploading(false);
  };

  return (
    <div className="flex flex-col gap-6">
      <UnsavedChangesGuard when={isDirty} within={`/backstage/releases/${release.id}`} />
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={`/backstage/artists/${release.artist.id}/releases`}
          className="inline-flex items-center gap-1 text-sm text-fg-muted hover:text-fg"
        >
          <ArrowLeft size={16} aria-hidden />
          {release.artist.name}
        </Link>
        <Link
          to={`/backstage/artists/${release.artist.id}/insights?album=${release.id}`}
          className="ms-auto inline-flex items-center gap-1 text-sm text-primary hover:underline"
        >
          <BarChart3 size={14} aria-hidden />
          {t('Insights')}
        </Link>
      </div>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{release.name}</h1>
        <Badge tone={RELEASE_STATUS_TONES[release.status]}>
          {releaseStatusLabels(t)[release.status]}
        </Badge>
      </header>

      <div className="grid gap-8 lg:grid-cols-[1fr_300px]">
        <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-6">
          <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('Title')}
              value={name}
              errorMessage={errors.name}
              onChange={(event) => setName(event.target.value)}
            />
            <Select
              label={t('Type')}
              value={type}
              onValueChange={(value) => setType(value as ReleaseType)}
              disabled={!canEdit}
            >
              {RELEASE_TYPES.map((value) => (
                <SelectItem key={value} value={value}>
                  {types[value]}
                </SelectItem>
              ))}
            </Select>
            <TextField
              label={t('Release date')}
              type="date"
              value={releaseDate}
              errorMessage={errors.release_date}
              description={
                release.status === 'scheduled'
                  ? t('A scheduled release comes out on the day it is scheduled for.')
                  : t('Shown on the release; today when left empty and published.')
              }
              onChange={(event) => setReleaseDate(event.target.value)}
            />
            <TextField
              label={t('Genres')}
              description={t('Separated by commas, ten at most.')}
              value={genres}
              errorMessage={errors.genres}
              onChange={(event) => setGenres(event.target.value)}
            />
          </fieldset>

          <section aria-labelledby="tracks-title" className="flex flex-col gap-3">
            <h2 id="tracks-title" className="text-lg font-semibold">
              {t('Tracks')}
            </h2>
            {errors.tracks && <p className="text-sm text-danger">{errors.tracks}</p>}
            {tracks.length === 0 && (
              <p className="text-sm text-fg-muted">
                {t('No tracks yet. Their titles and numbers are read from the files’ tags.')}
              </p>
            )}
            <TrackList
              tracks={tracks}
              errors={errors}
              canEdit={canEdit}
              onChange={setTracks}
              onRemove={setRemoving}
            />
            {canEdit && <TrackUploads releaseId={release.id} />}
          </section>

          {canEdit && (
            <div className="flex flex-wrap items-center justify-end gap-3">
              {isDirty && <span className="text-sm text-fg-muted">{t('Unsaved changes')}</span>}
              <Button type="submit" isLoading={actions.save.isPending}>
                {t('Save release')}
              </Button>
            </div>
          )}
        </form>

        <aside className="flex flex-col gap-6">
          <ImageField
            label={t('Cover')}
            description={t('A square picture, 1400 × 1400 at best. Else the first file’s own.')}
            url={release.image ?? ''}
            isLoading={coverUploading}
            onFile={(file) => void uploadCover(file)}
          />
          {canEdit && (
            <PublishPanel
              release={release}
              isPending={actions.publish.isPending || actions.unpublish.isPending}
              publishError={errors.publish_at}
              onPublish={(at) => void publish(at)}
              onUnpublish={() =>
                actions.unpublish.mutate(undefined, {
                  onSuccess: () => toast.positive(t('Release unpublished')),
                  onError: (error) => showError(error, t),
                })
              }
              onDelete={() => setDeleting(true)}
            />
          )}
        </aside>
      </div>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('Remove this track?')}
        body={t('“{{name}}” and its audio file are deleted, with its plays.', {
          name: removing?.name ?? '',
        })}
        confirmLabel={t('Remove')}
        isPending={actions.removeTrack.isPending}
        onConfirm={() =>
          removing &&
          actions.removeTrack.mutate(removing.id, {
            onSuccess: () => setRemoving(null),
            onError: (error) => showError(error, t),
          })
        }
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('Delete this release?')}
        body={t('Its tracks, their audio files and their plays are deleted for good.')}
        confirmLabel={t('Delete')}
        isPending={actions.remove.isPending}
        onConfirm={() =>
          actions.remove.mutate(undefined, {
            onSuccess: () => {
              toast.positive(t('Release deleted'));
              void navigate(`/backstage/artists/${release.artist.id}/releases`);
            },
            onError: (error) => showError(error, t),
          })
        }
      />
    </div>
  );
}
