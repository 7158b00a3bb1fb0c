import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { IconButton } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useAdminCatalogue, type AdminAlbum } from './catalogue-api';

type AlbumChoice = { id: number; name: string } | null;

/** The album a track belongs to: found by searching, or none (a single without one). */
export function AlbumPicker({
  album,
  onChange,
}: {
  album: AlbumChoice;
  onChange: (album: AlbumChoice) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2 text-sm">
        <span className="font-medium">{t('Album')}:</span>
        <span className={album ? '' : 'text-fg-muted'}>{album?.name ?? t('None')}</span>
        {album && (
          <IconButton
            label={t('Take it out of its album')}
            size="sm"
            onClick={() => onChange(null)}
          >
            <X size={16} aria-hidden />
          </IconButton>
        )}
      </div>
      <TextField
        label={t('Move to another album')}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {query && (
        <AlbumsFound
          query={query}
          chosen={album?.id}
          onChoose={(choice) => {
            onChange(choice);
            setQuery('');
          }}
        />
      )}
    </div>
  );
}

/** The albums matching what was typed; asked for only once something was. */
function AlbumsFound({
  query,
  chosen,
  onChoose,
}: {
  query: string;
  chosen: number | undefined;
  onChoose: (album: { id: number; name: string }) => void;
}) {
  const { t } = useTranslation();
  const found = useAdminCatalogue<AdminAlbum>('albums', { query, perPage: 6 });
  const choices = found.data?.data ?? [];
  if (found.isSuccess && choices.length === 0) {
    return <p className="text-sm text-fg-muted">{t('No album by that name.')}</p>;
  }
  return (
    <ul aria-label={t('Albums found')} className="flex max-h-48 flex-col gap-1 overflow-y-auto">
      {choices.map((choice) => (
        <li key={choice.id}>
          <button
            type="button"
            aria-pressed={chosen === choice.id}
            onClick={() => onChoose({ id: choice.id, name: choice.name })}
            className="flex w-full justify-between gap-3 rounded-md px-3 py-2 text-start text-sm hover:bg-bg-hover aria-pressed:text-primary"
          >
            <span className="truncate">{choice.name}</span>
            <span className="shrink-0 text-fg-muted">{choice.artists.join(', ')}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
