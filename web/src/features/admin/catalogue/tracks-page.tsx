import { parseLrc } from '@cadenza/contracts/lyrics';
import { Music, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { namesFrom } from '../../../app/names';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../ui/dialog';
import { Switch } from '../../../ui/switch';
import { TextArea } from '../../../ui/text-area';
import { TextField } from '../../../ui/text-field';
import { MusicBrainzId } from './musicbrainz-id';
import { toast } from '../../../ui/toast/toast-store';
import { fetchTrackForEditing, useSaveTrack, type AdminTrack } from './catalogue-api';
import { CatalogueListPage } from './catalogue-list-page';
import { AlbumPicker } from './album-picker';
import { LyricsPreview } from './lyrics-preview';
import { ReplaceAudio } from './replace-audio';

const duration = (ms: number | null) => {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** /admin/tracks: the tracks of the catalogue, with their title, number and lyrics. */
export function TracksPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Awaited<ReturnType<typeof fetchTrackForEditing>> | null>(
    null,
  );

  return (
    <CatalogueListPage<AdminTrack>
      table="tracks"
      title={t('Tracks')}
      searchLabel={t('Search tracks')}
      icon={<Music size={40} strokeWidth={1.5} />}
      filters={[
        {
          name: 'explicit',
          label: t('Explicit or not'),
          options: [
            ['yes', t('Explicit')],
            ['no', t('Not explicit')],
          ],
        },
        {
          name: 'lyrics',
          label: t('With or without lyrics'),
          options: [
            ['yes', t('With lyrics')],
            ['no', t('Without lyrics')],
          ],
        },
      ]}
      columns={[
        {
          key: 'name',
          header: 'Track',
          sortBy: 'name',
          cell: (track) => (
            <div className="min-w-[200px]">
              <p className="font-medium">{track.name}</p>
              <p className="text-xs text-fg-muted">{track.artists.join(', ')}</p>
            </div>
          ),
        },
        { key: 'album', header: 'Album', cell: (track) => track.album ?? '—' },
        { key: 'duration', header: 'Duration', cell: (track) => duration(track.duration_ms) },
        { key: 'plays', header: 'Plays', sortBy: 'plays', cell: (track) => track.plays },
      ]}
      actions={(track) => (
        <IconButton
          label={t('Edit {{name}}', { name: track.name })}
          size="sm"
          onClick={() =>
            void fetchTrackForEditing(track.id).then(setEditing, (error: unknown) =>
              showError(error, t),
            )
          }
        >
          <Pencil size={16} aria-hidden />
        </IconButton>
      )}
      deleteTitle={t('Delete tracks?')}
      deleteBody={t(
        'They leave every playlist, library and channel, with their plays. Their audio files are not deleted.',
      )}
      deleteRowLabel={(track) => t('Delete {{name}}', { name: track.name })}
    >
      {editing && (
        <TrackDialog
          track={editing.track}
          lyrics={editing.lyrics}
          onClose={() => setEditing(null)}
        />
      )}
    </CatalogueListPage>
  );
}

/** Edits a track's title, number and lyrics (plain, or LRC that becomes synced lyrics). */
export function TrackDialog({
  track,
  lyrics: initialLyrics,
  onClose,
}: {
  track: Pick<AdminTrack, 'id' | 'name' | 'number' | 'duration_ms'> & {
    explicit: boolean;
    genres: string[];
    artists: string[];
    album: { id: number; name: string } | null;
    stream_url: string;
    musicbrainz_id?: string | null;
  };
  lyrics: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTrack();
  const [name, setName] = useState(track.name);
  const [number, setNumber] = useState(track.number === null ? '' : String(track.number));
  const [durationMs, setDurationMs] = useState(track.duration_ms);
  const [lyrics, setLyrics] = useState(initialLyrics);
  const [explicit, setExplicit] = useState(track.explicit);
  const [genres, setGenres] = useState(track.genres.join(', '));
  const [artists, setArtists] = useState(track.artists.join(', '));
  const [album, setAlbum] = useState(track.album);
  const [error, setError] = useState<string | undefined>();
  const synced = parseLrc(lyrics);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('Give the track a title.'));
      return;
    }
    save.mutate(
      {
        id: track.id,
        name: name.trim(),
        number: number ? Number(number) : null,
        lyrics: lyrics.trim() || null,
        explicit,
        genres: namesFrom(genres),
        // An empty credit is not sent: a track keeps at least one artist.
        ...(namesFrom(artists).length > 0 ? { artists: namesFrom(artists) } : {}),
        album_id: album?.id ?? null,
      },
      {
        onSuccess: () => {
          toast.positive(t('Track saved'));
          onClose();
        },
        onError: (failure) => showError(failure, t),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} size="lg">
      <DialogHeader>{t('Edit {{name}}', { name: track.name })}</DialogHeader>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={t('Title')}
            required
            value={name}
            errorMessage={error}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={t('Number')}
            type="number"
            min={0}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
          <TextField
            label={t('Artists')}
            description={t(
              'Separated by commas, in credit order; a new name becomes a new artist.',
            )}
            value={artists}
            onChange={(event) => setArtists(event.target.value)}
          />
          <AlbumPicker album={album} onChange={setAlbum} />
          <div className="flex flex-col gap-1">
            <p className="text-sm">
              <span className="font-medium">{t('Duration')}</span>{' '}
              <span>{duration(durationMs)}</span>
            </p>
            <p className="text-xs text-fg-muted">
              {t('Measured from the audio file; replacing the audio measures it again.')}
            </p>
            <ReplaceAudio trackId={track.id} onReplaced={setDurationMs} />
          </div>
          <MusicBrainzId id={track.musicbrainz_id} entity="recording" />
          <TextField
            label={t('Genres')}
            description={t('Separated by commas; a new name becomes a new genre.')}
            value={genres}
            onChange={(event) => setGenres(event.target.value)}
          />
          <Switch
            label={t('Explicit')}
            description={t('Shows an E beside the track.')}
            checked={explicit}
            onCheckedChange={setExplicit}
          />
          <TextArea
            label={t('Lyrics')}
            description={t(
              'Plain text, or LRC lines like [01:02.50]words, which the player highlights as the track plays.',
            )}
            code
            rows={10}
            value={lyrics}
            onChange={setLyrics}
          />
          <p className="text-sm text-fg-muted" aria-live="polite">
            {synced.length > 0
              ? t('Synced lyrics: {{count}} timed lines.', {
                  count: synced.length,
                  defaultValue_one: 'Synced lyrics: {{count}} timed line.',
                  defaultValue_other: 'Synced lyrics: {{count}} timed lines.',
                })
              : t('Plain lyrics.')}
          </p>
          {synced.length > 0 && <LyricsPreview streamUrl={track.stream_url} lines={synced} />}
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
