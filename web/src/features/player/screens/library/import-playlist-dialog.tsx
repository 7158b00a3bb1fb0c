import type { PlaylistImport, UnmatchedEntry } from '@cadenza/contracts/music';
import { Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../api/api-error';
import { DEFAULT_ERROR_MESSAGE } from '../../../../app/error-handling/handle-error';
import { useTranslation } from '../../../../i18n/use-translation';
import { Button } from '../../../../ui/button';
import { Dialog, DialogBody, DialogClose, DialogFooter, DialogHeader } from '../../../../ui/dialog';
import { useImportPlaylist } from '../common/api/playlist-files-api';
import { playlistUrl } from '../common/links';

const ACCEPTED = '.m3u,.m3u8,.xspf,.jspf,audio/x-mpegurl,application/xspf+xml,application/json';

/** Picks an M3U/M3U8, XSPF or JSPF file, imports it, and shows what found no track. */
export function ImportPlaylistDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const importFile = useImportPlaylist();
  const close = (next: boolean) => {
    if (!next) importFile.reset();
    onOpenChange(next);
  };
  const error = importFile.error;
  const errorText = error
    ? isApiError(error)
      ? (error.fieldError('file') ?? error.serverMessage ?? t(DEFAULT_ERROR_MESSAGE))
      : t(DEFAULT_ERROR_MESSAGE)
    : null;

  return (
    <Dialog open={open} onOpenChange={close} size="lg">
      <DialogHeader>{t('Import playlist')}</DialogHeader>
      <DialogBody>
        {importFile.data ? (
          <ImportReport result={importFile.data} />
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-fg-muted">
              {t(
                'Choose an M3U, M3U8, XSPF or JSPF file: its songs are found in the library by file, MusicBrainz id, then artist and title.',
              )}
            </p>
            <label htmlFor={inputId} className="sr-only">
              {t('Playlist file')}
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPTED}
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) importFile.mutate(file);
                event.target.value = '';
              }}
            />
            <Button
              variant="outline"
              className="self-start"
              startIcon={<Upload className="size-4" aria-hidden />}
              isLoading={importFile.isPending}
              onClick={() => input.current?.click()}
            >
              {t('Choose file')}
            </Button>
            {errorText && (
              <p role="alert" className="text-sm text-danger">
                {errorText}
              </p>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter>
        <DialogClose>
          <Button variant="text">{t('Close')}</Button>
        </DialogClose>
        {importFile.data && (
          <Button
            onClick={() => {
              const { playlist } = importFile.data;
              close(false);
              void navigate(playlistUrl(playlist));
            }}
          >
            {t('Open playlist')}
          </Button>
        )}
      </DialogFooter>
    </Dialog>
  );
}

function ImportReport({ result }: { result: PlaylistImport }) {
  const { t } = useTranslation();
  const { report, playlist } = result;
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <p className="text-sm">
        {t('{{matched}} of {{total}} songs were added to “{{name}}”.', {
          matched: report.matched,
          total: report.total,
          name: playlist.name,
        })}
      </p>
      {report.unmatched.length > 0 && (
        <>
          <h3 className="text-sm font-semibold">{t('Not found in the library')}</h3>
          <ul
            aria-label={t('Not found in the library')}
            className="max-h-64 overflow-y-auto rounded border border-border text-sm tabular-nums"
          >
            {report.unmatched.map((entry) => (
              <li
                key={entry.position}
                className="flex gap-3 border-b border-border px-3 py-2 last:border-0"
              >
                <span className="w-8 shrink-0 text-right text-fg-muted">{entry.position}</span>
                <span className="min-w-0 truncate">{describe(entry)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

const describe = (entry: UnmatchedEntry) =>
  [[entry.artist, entry.title].filter(Boolean).join(' – '), entry.location]
    .filter(Boolean)
    .join(' · ');
