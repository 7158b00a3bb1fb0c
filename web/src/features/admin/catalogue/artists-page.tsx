import { GitMerge, Mic2, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MusicBrainzId } from './musicbrainz-id';
import { useTranslation } from '../../../i18n/use-translation';
import { namesFrom } from '../../../app/names';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { LinksField, readLinks } from '../../../ui/links-field';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { Switch } from '../../../ui/switch';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import {
  fetchArtistDetails,
  useAdminArtists,
  useMergeArtist,
  useSaveArtist,
  type AdminArtist,
  type EditedArtistDetails,
} from './catalogue-api';
import { CatalogueListPage } from './catalogue-list-page';
import { PictureField } from './picture-field';

type Dialogs =
  | { kind: 'merge'; artist: AdminArtist }
  | { kind: 'edit'; artist: AdminArtist; details: EditedArtistDetails }
  | null;

/** /admin/artists: the artists of the catalogue, to edit, merge when duplicated, or delete. */
export function ArtistsPage() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialogs>(null);

  return (
    <CatalogueListPage<AdminArtist>
      table="artists"
      title={t('Artists')}
      searchLabel={t('Search artists')}
      icon={<Mic2 size={40} strokeWidth={1.5} />}
      filters={[
        {
          name: 'verified',
          label: t('Verified or not'),
          options: [
            ['yes', t('Verified')],
            ['no', t('Not verified')],
          ],
        },
      ]}
      columns={[
        {
          key: 'name',
          header: 'Artist',
          sortBy: 'name',
          cell: (artist) => (
            <span className="font-medium">
              {artist.name}
              {artist.verified && (
                <span className="ms-2 text-xs text-primary">{t('Verified')}</span>
              )}
            </span>
          ),
        },
        { key: 'albums', header: 'Albums', cell: (artist) => artist.albums_count },
        { key: 'tracks', header: 'Tracks', cell: (artist) => artist.tracks_count },
        { key: 'plays', header: 'Plays', sortBy: 'plays', cell: (artist) => artist.plays },
      ]}
      actions={(artist) => (
        <>
          <IconButton
            label={t('Edit {{name}}', { name: artist.name })}
            size="sm"
            onClick={() =>
              void fetchArtistDetails(artist.id).then(
                (details) => setDialog({ kind: 'edit', artist, details }),
                (error: unknown) => showError(error, t),
              )
            }
          >
            <Pencil size={16} aria-hidden />
          </IconButton>
          <IconButton
            label={t('Merge {{name}} into another artist', { name: artist.name })}
            size="sm"
            onClick={() => setDialog({ kind: 'merge', artist })}
          >
            <GitMerge size={16} aria-hidden />
          </IconButton>
        </>
      )}
      deleteTitle={t('Delete artists?')}
      deleteBody={t(
        'Their credits, followers and likes go with them. Albums and tracks stay in the catalogue.',
      )}
      deleteRowLabel={(artist) => t('Delete {{name}}', { name: artist.name })}
    >
      {dialog?.kind === 'merge' && (
        <MergeDialog artist={dialog.artist} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'edit' && (
        <ArtistDialog
          artist={dialog.artist}
          details={dialog.details}
          onClose={() => setDialog(null)}
        />
      )}
    </CatalogueListPage>
  );
}

/** Picks the artist to keep by searching for it, then merges this one into it. */
function MergeDialog({ artist, onClose }: { artist: AdminArtist; onClose: () => void }) {
  const { t } = useTranslation();
  const merge = useMergeArtist();
  const [query, setQuery] = useState('');
  const candidates = useAdminArtists({ query, perPage: 8 });
  const [into, setInto] = useState<AdminArtist | null>(null);
  const [error, setError] = useState<string | undefined>();

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogHeader>{t('Merge {{name}}', { name: artist.name })}</DialogHeader>
      <DialogBody className="flex flex-col gap-3">
        <p className="text-sm">
          {t(
            'Its albums, tracks, followers, likes and plays move to the artist you keep, and {{name}} is deleted.',
            { name: artist.name },
          )}
        </p>
        <TextField
          label={t('Artist to keep')}
          type="search"
          value={query}
          errorMessage={error}
          onChange={(event) => setQuery(event.target.value)}
        />
        <ul aria-label={t('Artists')} className="flex max-h-60 flex-col gap-1 overflow-y-auto">
          {(candidates.data?.data ?? [])
            .filter((candidate) => candidate.id !== artist.id)
            .map((candidate) => (
              <li key={candidate.id}>
                <button
                  type="button"
                  aria-pressed={into?.id === candidate.id}
                  onClick={() => setInto(candidate)}
                  className="flex w-full justify-between rounded-md px-3 py-2 text-start text-sm hover:bg-bg-hover aria-pressed:bg-bg-hover aria-pressed:text-primary"
                >
                  <span>{candidate.name}</span>
                  <span className="text-fg-muted">
                    {t('{{count}} tracks', {
                      count: candidate.tracks_count,
                      defaultValue_one: '{{count}} track',
                      defaultValue_other: '{{count}} tracks',
                    })}
                  </span>
                </button>
              </li>
            ))}
        </ul>
      </DialogBody>
      <DialogFooter>
        <DialogClose>
          <Button variant="text">{t('Cancel')}</Button>
        </DialogClose>
        <Button
          isLoading={merge.isPending}
          disabled={!into}
          onClick={() =>
            into &&
            merge.mutate(
              { id: artist.id, into: into.id },
              {
                onSuccess: ({ message }) => {
                  toast.positive(message);
                  onClose();
                },
                onError: (failure) => {
                  if (isApiError(failure) && failure.fieldErrors.into) {
                    setError(failure.fieldErrors.into);
                  } else showError(failure, t);
                },
              },
            )
          }
        >
          {into ? t('Merge into {{name}}', { name: into.name }) : t('Merge')}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function ArtistDialog({
  artist,
  details,
  onClose,
}: {
  artist: AdminArtist;
  details: EditedArtistDetails;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveArtist();
  const [name, setName] = useState(artist.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [bio, setBio] = useState(details.bio ?? '');
  const [verified, setVerified] = useState(artist.verified);
  const [genres, setGenres] = useState(details.genres.join(', '));
  const [links, setLinks] = useState(details.links);
  const [linkErrors, setLinkErrors] = useState<Record<number, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readLinks(links, t('Enter a full address, starting with https://'));
    setLinks(read.filled);
    setLinkErrors(read.errors);
    setNameError(name.trim() ? undefined : t('Give the artist a name.'));
    if (Object.keys(read.errors).length > 0 || !name.trim()) return;
    save.mutate(
      {
        id: artist.id,
        name: name.trim(),
        bio: bio.trim() || null,
        verified,
        genres: namesFrom(genres),
        links: read.links,
      },
      {
        onSuccess: () => {
          toast.positive(t('Artist saved'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors.name) setNameError(error.fieldErrors.name);
          else showError(error, t);
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} size="lg">
      <DialogHeader>{t('Edit {{name}}', { name: artist.name })}</DialogHeader>
      <form onSubmit={submit} className="flex min-h-0 flex-col">
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={t('Name')}
            required
            value={name}
            errorMessage={nameError}
            onChange={(event) => setName(event.target.value)}
          />
          <PictureField
            label={t('Picture')}
            path={`artists/${artist.id}/image`}
            url={artist.image_small}
            urlOf={(response) => response.artist?.image_small}
          />
          <MusicBrainzId id={details.musicbrainz_id} entity="artist" />
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">{t('Biography')}</span>
            <RichTextEditor label={t('Biography')} value={bio} onChange={setBio} short />
          </div>
          <TextField
            label={t('Genres')}
            description={t('Separated by commas; a new name becomes a new genre.')}
            value={genres}
            onChange={(event) => setGenres(event.target.value)}
          />
          <LinksField links={links} errors={linkErrors} onChange={setLinks} />
          <Switch
            label={t('Verified')}
            description={t('Shows the verified badge on the artist page.')}
            checked={verified}
            onCheckedChange={setVerified}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={save.isPending}>
            {t('Save')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
