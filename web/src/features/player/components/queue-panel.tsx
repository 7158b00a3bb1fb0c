import clsx from 'clsx';
import { ChevronDown, ChevronUp, GripVertical, ListMusic, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { IconButton } from '../../../ui/button';
import { Switch } from '../../../ui/switch';
import { player, usePlayerStore } from '../state/player-store';
import type { PlayerTrack } from '../state/player-state';
import { formatTime } from '../../../i18n/durations';
import { CrossfadeControl } from './crossfade-control';
import { TrackCover } from './track-summary';

/**
 * The queue beside the content: what plays now and what comes next. Entries reorder by drag
 * or from the keyboard (Alt+↑/↓ or the move buttons) and can be removed.
 */
export function QueuePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queue = usePlayerStore((s) => s.queue);
  const index = usePlayerStore((s) => s.index);
  const autoplay = usePlayerStore((s) => s.autoplay);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => headingRef.current?.focus(), []);

  const move = (from: number, to: number, track: PlayerTrack) => {
    if (to < 0 || to >= queue.length) return;
    player.moveInQueue(from, to);
    setAnnouncement(
      t('{{name}} moved to position {{position}}', { name: track.name, position: to + 1 }),
    );
    // Keep the keyboard on the moved row.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-queue-row="${to}"]`)?.focus(),
    );
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLLIElement>, i: number, track: PlayerTrack) => {
    if (event.target !== event.currentTarget) return;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      move(i, event.key === 'ArrowUp' ? i - 1 : i + 1, track);
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const to = event.key === 'ArrowUp' ? i - 1 : i + 1;
      document.querySelector<HTMLElement>(`[data-queue-row="${to}"]`)?.focus();
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      player.removeFromQueue(i);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      player.playQueueIndex(i);
    }
  };

  return (
    <aside
      aria-labelledby="queue-heading"
      className="flex h-full w-full flex-col border-border bg-bg-elevated min-[769px]:w-80 min-[769px]:rounded-lg min-[769px]:border"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-2">
        <h2
          id="queue-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold outline-none"
        >
          {t('Queue')}
        </h2>
        <IconButton label={t('Close queue')} size="xs" radius="full" onClick={onClose}>
          <X size={18} aria-hidden />
        </IconButton>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {queue.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
          <ListMusic size={32} className="text-fg-muted" aria-hidden />
          <p className="text-sm font-medium">{t('Your queue is empty')}</p>
          <p className="text-xs text-fg-muted">
            {t('Play an album or a playlist, or add songs with “Add to queue”.')}
          </p>
        </div>
      ) : (
        <ol
          aria-label={t('Tracks in the queue')}
          aria-describedby="queue-help"
          className="min-h-0 flex-1 overflow-y-auto px-2 pb-4"
        >
          {queue.map((track, i) => {
            const isCurrent = i === index;
            return (
              <li
                key={`${track.id}-${i}`}
                data-queue-row={i}
                tabIndex={0}
                aria-current={isCurrent ? 'true' : undefined}
                aria-label={t('{{position}}. {{name}} by {{artists}}', {
                  position: i + 1,
                  name: track.name,
                  artists: track.artists.map((a) => a.name).join(', '),
                })}
                draggable
                onDragStart={(event) => {
                  setDragFrom(i);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(i));
                }}
                onDragOver={(event) => {
                  if (dragFrom === null) return;
                  event.preventDefault();
                  setDropAt(i);
                }}
                onDragEnd={() => {
                  setDragFrom(null);
                  setDropAt(null);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragFrom !== null) move(dragFrom, i, queue[dragFrom]!);
                  setDragFrom(null);
                  setDropAt(null);
                }}
                onKeyDown={(event) => onRowKeyDown(event, i, track)}
                onDoubleClick={() => player.playQueueIndex(i)}
                className={clsx(
                  'group flex items-center gap-2 rounded px-2 py-1.5 outline-none',
                  'hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:ring-2 focus-visible:ring-primary',
                  dropAt === i && dragFrom !== i && 'ring-1 ring-primary',
                  dragFrom === i && 'opacity-50',
                )}
              >
                <GripVertical
                  size={16}
                  aria-hidden
                  className="shrink-0 cursor-grab text-fg-muted opacity-0 group-hover:opacity-100"
                />
                <button
                  type="button"
                  tabIndex={-1}
                  aria-hidden
                  className="shrink-0"
                  onClick={() => player.playQueueIndex(i)}
                >
                  <TrackCover track={track} className="size-10" />
                </button>
                <div className="flex min-w-0 flex-1 flex-col">
                  <span
                    className={clsx(
                      'truncate text-sm font-medium',
                      isCurrent ? 'text-primary' : 'text-fg',
                    )}
                  >
                    {track.name}
                  </span>
                  <span className="truncate text-xs text-fg-muted">
                    {track.artists.map((a) => a.name).join(', ')}
                  </span>
                </div>
                <span className="text-xs text-fg-muted tabular-nums group-hover:hidden group-focus-within:hidden">
                  {formatTime(track.duration_ms)}
                </span>
                <div className="hidden items-center group-focus-within:flex group-hover:flex">
                  <IconButton
                    label={t('Move {{name}} up', { name: track.name })}
                    size="2xs"
                    disabled={i === 0}
                    tabIndex={-1}
                    onClick={() => move(i, i - 1, track)}
                  >
                    <ChevronUp size={16} aria-hidden />
                  </IconButton>
                  <IconButton
                    label={t('Move {{name}} down', { name: track.name })}
                    size="2xs"
                    disabled={i === queue.length - 1}
                    tabIndex={-1}
                    onClick={() => move(i, i + 1, track)}
                  >
                    <ChevronDown size={16} aria-hidden />
                  </IconButton>
                  <IconButton
                    label={t('Remove {{name}} from the queue', { name: track.name })}
                    size="2xs"
                    tabIndex={-1}
                    onClick={() => player.removeFromQueue(i)}
                  >
                    <X size={16} aria-hidden />
                  </IconButton>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-auto border-t border-border">
        <CrossfadeControl />
        <div className="px-4 pb-3">
          <Switch
            label={t('Autoplay similar music when the queue ends')}
            checked={autoplay}
            onCheckedChange={(checked) => player.setAutoplay(checked)}
          />
        </div>
      </div>
      <p id="queue-help" className="sr-only">
        {t('Press Enter to play, Alt with the up or down arrow to move, Delete to remove a track.')}
      </p>
    </aside>
  );
}
