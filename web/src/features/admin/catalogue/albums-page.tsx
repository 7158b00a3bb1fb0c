import { ALBUM_TYPES } from '@cadenza/contracts/music';
import { Disc3, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { useSaveAlbum, type AdminAlbum } from './catalogue-api';
import { CatalogueListPage } from './catalogue-list-page';

/** /admin/albums: the albums of the catalogue, to edit or delete. */
export function AlbumsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AdminAlbum | null>(null);
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
          onClick={() => setEditing(album)}
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
        <AlbumDialog album={editing} typeLabels={typeLabels} onClose={() => setEditing(null)} />
      )}
    </CatalogueListPage>
  );
}

function AlbumDialog({
  album,
  typeLabels,
  onClose,
}: {
  album: AdminAlbum;
  typeLabels: Record<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAlbum();
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
      { id: album.id, name: name.trim(), type, release_date: releaseDate || null },
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
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogHeader>{t('Edit {{name}}', { name: album.name })}</DialogHeader>
      <form onSubmit={submit} noValidate>
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={t('Title')}
            required
            value={name}
            errorMessage={error}
            onChange={(event) => setName(event.target.value)}
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
