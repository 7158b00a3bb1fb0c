import type { ReleaseTrack } from '@cadenza/contracts/backstage';
import { ArrowDown, ArrowUp, ChevronDown, GripVertical, Trash2, Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { cn } from '../../ui/cn';
import { Switch } from '../../ui/switch';
import { TextArea } from '../../ui/text-area';
import { TextField } from '../../ui/text-field';
import { Waveform } from '../../ui/waveform';
import { formatDuration } from '../../i18n/durations';

/** One track as the editor holds it: what is saved, and the measured figures to show. */
export interface TrackDraft {
  id: number;
  name: string;
  featured: string;
  genres: string;
  lyrics: string;
  explicit: boolean;
  isrc: string;
  downloadable: boolean;
  measured: ReleaseTrack;
}

export const draftOf = (track: ReleaseTrack): TrackDraft => ({
  id: track.id,
  name: track.name,
  featured: track.featured_artists.join(', '),
  genres: track.genres.join(', '),
  lyrics: track.lyrics ?? '',
  explicit: track.explicit,
  isrc: track.isrc ?? '',
  downloadable: track.downloadable,
  measured: track,
});

/** Moves the item at `from` to `to`, the others keeping their order. */
export function moved<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The release's tracks in order: dragged by their handle, or moved with the arrow buttons
 * (keyboard), each opening to its details.
 */
export function TrackList({
  tracks,
  errors,
  canEdit,
  onChange,
  onRemove,
}: {
  tracks: TrackDraft[];
  errors: Record<string, string>;
  canEdit: boolean;
  onChange: (tracks: TrackDraft[]) => void;
  onRemove: (track: TrackDraft) => void;
}) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const update = (index: number, changes: Partial<TrackDraft>) =>
    onChange(tracks.map((track, at) => (at === index ? { ...track, ...changes } : track)));

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) onChange(moved(tracks, dragged, index));
    setDragged(null);
    setOver(null);
  };

  return (
    <ol aria-label={t('Tracks')} className="flex flex-col gap-2">
      {tracks.map((track, index) => {
        const fieldError = (name: string) => errors[`tracks.${index}.${name}`];
        const detailsId = `track-details-${track.id}`;
        const isOpen = open === track.id;
        return (
          <li
            key={track.id}
            aria-label={track.name}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              setOver(index);
            }}
            onDragLeave={() => setOver((current) => (current === index ? null : current))}
            onDrop={(event) => drop(event, index)}
            className={cn(
              'rounded-lg border border-border bg-bg transition-colors',
              over === index && dragged !== index && 'border-primary bg-primary/5',
              dragged === index && 'opacity-50',
            )}
          >
            <div className="flex items-center gap-2 p-2">
              {canEdit && (
                <span
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(track.id));
                    setDragged(index);
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setOver(null);
                  }}
                  title={t('Drag to reorder')}
                  className="cursor-grab p-1 text-fg-muted active:cursor-grabbing"
                >
                  <GripVertical size={18} aria-hidden />
                </span>
              )}
              <span className="w-6 text-end text-sm text-fg-muted tabular-nums">{index + 1}</span>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <TextField
                  aria-label={t('Title of track {{number}}', { number: index + 1 })}
                  size="sm"
                  value={track.name}
                  readOnly={!canEdit}
                  errorMessage={fieldError('name')}
                  onChange={(event) => update(index, { name: event.target.value })}
                />
              </div>
              <span className="hidden w-28 sm:block">
                {track.measured.peaks && (
                  <Waveform peaks={track.measured.peaks} label={t('Waveform')} className="h-8" />
                )}
              </span>
              <span className="w-12 text-end text-sm text-fg-muted tabular-nums">
                {formatDuration(track.measured.duration_ms)}
              </span>
              {canEdit && (
                <>
                  <Button
                    variant="text"
                    size="xs"
                    aria-label={t('Move {{name}} up', { name: track.name })}
                    disabled={index === 0}
                    onClick={() => onChange(moved(tracks, index, index - 1))}
                  >
                    <ArrowUp size={16} aria-hidden />
                  </Button>
                  <Button
                    variant="text"
                    size="xs"
                    aria-label={t('Move {{name}} down', { name: track.name })}
                    disabled={index === tracks.length - 1}
                    onClick={() => onChange(moved(tracks, index, index + 1))}
                  >
                    <ArrowDown size={16} aria-hidden />
                  </Button>
                </>
              )}
              <Button
                variant="text"
                size="xs"
                aria-expanded={isOpen}
                aria-controls={detailsId}
                aria-label={t('Details of {{name}}', { name: track.name })}
                onClick={() => setOpen(isOpen ? null : track.id)}
              >
                <ChevronDown
                  size={16}
                  aria-hidden
                  className={cn('transition-transform', isOpen && 'rotate-180')}
                />
              </Button>
            </div>
            {isOpen && (
              <fieldset
                id={detailsId}
                disabled={!canEdit}
                className="grid gap-4 border-t border-border p-4 sm:grid-cols-2"
              >
                <TextField
                  label={t('Featured artists')}
                  description={t('Separated by commas.')}
                  value={track.featured}
                  errorMessage={fieldError('featured_artists')}
                  onChange={(event) => update(index, { featured: event.target.value })}
                />
                <TextField
                  label={t('Genres')}
                  description={t('Separated by commas, ten at most.')}
                  value={track.genres}
                  errorMessage={fieldError('genres')}
                  onChange={(event) => update(index, { genres: event.target.value })}
                />
                <TextField
                  label={t('ISRC')}
                  description={t('12 characters, like USRC17607839.')}
                  value={track.isrc}
                  errorMessage={fieldError('isrc')}
                  onChange={(event) => update(index, { isrc: event.target.value })}
                />
                <div className="flex flex-col justify-center gap-3">
                  <Checkbox
                    label={t('Explicit')}
                    checked={track.explicit}
                    onCheckedChange={(checked) => update(index, { explicit: checked === true })}
                  />
                  <Switch
                    label={t('Allow downloads')}
                    checked={track.downloadable}
                    onCheckedChange={(checked) => update(index, { downloadable: checked })}
                  />
                </div>
                <div className="sm:col-span-2">
                  <TextArea
                    label={t('Lyrics')}
                    description={t(
                      'Plain text, or LRC with [mm:ss.xx] times to light up each line.',
                    )}
                    value={track.lyrics}
                    rows={6}
                    error={fieldError('lyrics')}
                    onChange={(lyrics) => update(index, { lyrics })}
                  />
                </div>
                <MeasuredFigures track={track.measured} />
                {canEdit && (
                  <div className="flex justify-end sm:col-span-2">
                    <Button variant="danger" size="sm" onClick={() => onRemove(track)}>
                      <Trash2 size={14} aria-hidden />
                      {t('Remove track')}
                    </Button>
                  </div>
                )}
              </fieldset>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** What was measured of the audio: on upload, then loudness in the background. */
function MeasuredFigures({ track }: { track: ReleaseTrack }) {
  const { t } = useTranslation();
  const measured = (value: number | null, unit: string) =>
    value !== null ? `${value.toFixed(1)} ${unit}` : track.measuring ? t('Measuring…') : '—';
  const figures = [
    [t('Length'), formatDuration(track.duration_ms)],
    [t('Format'), track.codec ?? track.mime],
    [t('Loudness'), measured(track.loudness_lufs, 'LUFS')],
    [t('True peak'), measured(track.true_peak_db, 'dBTP')],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:col-span-2 sm:grid-cols-4">
      {figures.map(([term, value]) => (
        <div key={term}>
          <dt className="text-fg-muted">{term}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where audio files are dropped or chosen; each goes through the upload queue. */
export function AudioDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [hovering, setHovering] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setHovering(true);
      }}
      onDragLeave={() => setHovering(false)}
      onDrop={(event) => {
        if (event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        setHovering(false);
        onFiles([...event.dataTransfer.files]);
      }}
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-border p-6 text-center text-sm text-fg-muted transition-colors',
        hovering && 'border-primary bg-primary/5',
      )}
    >
      <Upload size={24} aria-hidden />
      <p>{t('Drop audio files here: MP3, FLAC, WAV, Ogg, AAC or M4A.')}</p>
      <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
        {t('Choose audio files')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="audio/*,.flac,.m4a,.aiff,.aif,.ogg,.opus,.wav"
        multiple
        hidden
        data-testid="audio-files"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
