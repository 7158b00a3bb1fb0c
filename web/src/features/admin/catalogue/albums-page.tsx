import { ALBUM_TYPES } from '@cadenza/contracts/music';
import { Disc3, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MusicBrainzId } from './musicbrainz-id';
import { useTranslation } from '../../../i18n/use-translation';
import { namesFrom } from '../../../app/names';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { moved, ReorderList } from '../components/reorder-list';
import { fetchAlbumTracks, useSaveAlbum, type AdminAlbum } from './catalogue-api';
import { CatalogueListPage } from './catalogue-list-page';
import { PictureField } from './picture-field';

/** /admin/albums: the albums of the catalogue, to edit or delete. */
export function AlbumsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{
    album: AdminAlbum;
    tracks: { id: number; name: string }[];
    musicbrainzId: string | null;
  } | null>(null);
  const typeLabels: Record<string, string> = {
    album: t('Album'),
    single: t('Single'),
    ep: t('EP'),
    compilation: t('Compilation'),
  };

  return (
    <CatalogueListPage<AdminAlbum>
      table="albums"
      title={t('Albums')}
      searchLabel={t('Search albums')}
      icon={<Disc3 size={40} strokeWidth={1.5} />}
      filters={[
        {
          name: 'type',
          label: t('Any type'),
          options: ALBUM_TYPES.map((type) => [type, typeLabels[type]!]),
        },
      ]}
      columns={[
        {
          key: 'name',
          header: 'Album',
          sortBy: 'name',
          cell: (album) => (
            <div className="flex min-w-[200px] items-center gap-3">
              {album.image ? (
                <img
                  src={album.image}
                  alt=""
                  className="size-10 shrink-0 rounded-sm object-cover"
                />
              ) : (
                <span
                  className="grid size-10 shrink-0 place-items-center rounded-sm bg-bg-hover text-fg-muted"
                  aria-hidden
                >
                  <Disc3 size={18} />
                </span>
              )}
              <div>
                <p className="font-medium">{album.name}</p>
                <p className="text-xs text-fg-muted">{album.artists.join(', ')}</p>
              </div>
            </div>
          ),
        },
        { key: 'type', header: 'Type', cell: (album) => typeLabels[album.type] ?? album.type },
        {
          key: 'release_date',
          header: 'Release date',
          sortBy: 'release_date',
          cell: (album) => album.release_date ?? '—',
        },
        { key: 'tracks', header: 'Tracks', cell: (album) => album.tracks_count },
        { key: 'plays', header: 'Plays', sortBy: 'plays', cell: (album) => album.plays },
      ]}
      actions={(album) => (
        <IconButton
          label={t('Edit {{name}}', { name: album.name })}
          size="sm"
          onClick={() =>
            void fetchAlbumTracks(album.id).then(
              ({ tracks, musicbrainzId }) => setEditing({ album, tracks, musicbrainzId }),
              (error: unknown) => showError(error, t),
            )
          }
        >
          <Pencil size={16} aria-hidden />
        </IconButton>
      )}
      deleteTitle={t('Delete albums?')}
      deleteBody={t(
        'Their tracks stay in the catalogue without an album; likes of the albums go with them.',
      )}
      deleteRowLabel={(album) => t('Delete {{name}}', { name: album.name })}
    >
      {editing && (
        <AlbumDialog
          album={editing.album}
          tracks={editing.tracks}
          musicbrainzId={editing.musicbrainzId}
          typeLabels={typeLabels}
          onClose={() => setEditing(null)}
        />
      )}
    </CatalogueListPage>
  );
}

function AlbumDialog({
  album,
  tracks: initialTracks,
  musicbrainzId,
  typeLabels,
  onClose,
}: {
  album: AdminAlbum;
  tracks: { id: number; name: string }[];
  musicbrainzId: string | null;
  typeLabels: Record<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAlbum();
  const [tracks, setTracks] = useState(initialTracks);
  const [artists, setArtists] = useState(album.artists.join(', '));
  const [name, setName] = useState(album.name);
  const [type, setType] = useState(album.type);
  const [releaseDate, setReleaseDate] = useState(album.release_date ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('Give the album a title.'));
      return;
    }
    save.mutate(
      {
        id: album.id,
        name: name.trim(),
        type,
        release_date: releaseDate || null,
        track_ids: tracks.map((track) => track.id),
        ...(namesFrom(artists).length > 0 ? { artists: namesFrom(artists) } : {}),
      },
      {
        onSuccess: () => {
          toast.positive(t('Album saved'));
          onClose();
        },
        onError: (failure) => showError(failure, t),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} size="lg">
      <DialogHeader>{t('Edit {{name}}', { name: album.name })}</DialogHeader>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <DialogBody className="flex flex-col gap-4">
          <PictureField
            label={t('Cover')}
            path={`albums/${album.id}/cover`}
            url={album.image}
            urlOf={(response) => response.album?.image}
          />
          <TextField
            label={t('Title')}
            required
            value={name}
            errorMessage={error}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={t('Artists')}
            description={t(
              'Separated by commas, in credit order; a new name becomes a new artist.',
            )}
            value={artists}
            onChange={(event) => setArtists(event.target.value)}
          />
          <Select label={t('Type')} value={type} onValueChange={setType}>
            {ALBUM_TYPES.map((value) => (
              <SelectItem key={value} value={value}>
                {typeLabels[value]}
              </SelectItem>
            ))}
          </Select>
          <TextField
            label={t('Release date')}
            type="date"
            value={releaseDate}
            onChange={(event) => setReleaseDate(event.target.value)}
          />
          <MusicBrainzId id={musicbrainzId} entity="release" />
          {tracks.length > 1 && (
            <div className="flex flex-col gap-2">
              <p className="text-sm font-medium">{t('Track order')}</p>
              <ReorderList
                items={tracks}
                label={t('Track order')}
                keyOf={(track) => track.id}
                nameOf={(track) => track.name}
                onMove={(from, to) => setTracks((current) => moved(current, from, to))}
              >
                {(track, index) => (
                  <>
                    <span className="w-6 text-end text-fg-muted tabular-nums">{index + 1}</span>
                    <span className="min-w-0 flex-1 truncate">{track.name}</span>
                  </>
                )}
              </ReorderList>
            </div>
          )}
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
