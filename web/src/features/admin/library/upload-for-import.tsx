import type { ImportedTrack } from '@cadenza/contracts/library';
import { FileAudio, FolderUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { DEFAULT_ERROR_MESSAGE } from '../../../app/error-handling/handle-error';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../ui/button';
import { uploadOne, useUploadQueue } from '../../uploads/use-upload-queue';
import { useImportUpload } from './library-api';

const AUDIO_EXTENSIONS = ['mp3', 'flac', 'ogg', 'oga', 'opus', 'm4a', 'aac', 'mp4', 'wav'];
const ACCEPT = ['audio/*', ...AUDIO_EXTENSIONS.map((extension) => `.${extension}`)].join(',');
const isAudioName = (name: string) =>
  AUDIO_EXTENSIONS.includes(name.split('.').pop()?.toLowerCase() ?? '');

interface UploadResult {
  key: number;
  /** The file's path in the folder it came in, or its name. */
  label: string;
  /** The upload in the queue, while it is sent. */
  uploadId?: string;
  status: 'uploading' | 'importing' | 'imported' | 'failed';
  track?: ImportedTrack;
  error?: string;
}

let sequence = 0;

/**
 * "Upload audio": files (or a folder of them) from the admin's computer go through the uploads
 * queue (resumable, with their progress), then the server imports each into the catalogue as
 * the folder import does, and each file's row says what it became or why it was refused.
 */
export function UploadForImport() {
  const { t } = useTranslation();
  const importUpload = useImportUpload();
  const { items } = useUploadQueue();
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const [results, setResults] = useState<UploadResult[]>([]);

  const update = (key: number, patch: Partial<UploadResult>) =>
    setResults((current) =>
      current.map((result) => (result.key === key ? { ...result, ...patch } : result)),
    );

  const importOne = async (file: File, key: number) => {
    const upload = uploadOne(file);
    if (!upload) {
      update(key, { status: 'failed', error: t('Upload failed') });
      return;
    }
    update(key, { uploadId: upload.id });
    const settled = await upload.settled;
    if (settled.status !== 'completed' || !settled.entry) {
      update(key, {
        status: 'failed',
        uploadId: undefined,
        error: settled.errorMessage
          ? t(settled.errorMessage, settled.errorValues)
          : t(settled.status === 'aborted' ? 'Upload cancelled' : 'Upload failed'),
      });
      return;
    }
    update(key, { status: 'importing', uploadId: undefined });
    try {
      const track = await importUpload.mutateAsync(settled.entry.id);
      update(key, { status: 'imported', track });
    } catch (error) {
      update(key, {
        status: 'failed',
        error: (isApiError(error) && error.serverMessage) || t(DEFAULT_ERROR_MESSAGE),
      });
    }
  };

  const start = (chosen: File[]) => {
    const added = chosen.map((file) => ({
      file,
      result: {
        key: ++sequence,
        label: file.webkitRelativePath || file.name,
        status: 'uploading' as const,
      },
    }));
    setResults((current) => [...added.map(({ result }) => result), ...current]);
    for (const { file, result } of added) void importOne(file, result.key);
  };

  const statusOf = (result: UploadResult) => {
    if (result.status === 'uploading') {
      const item = items.find((candidate) => candidate.id === result.uploadId);
      return t('Uploading {{percentage}} %', { percentage: Math.round(item?.percentage ?? 0) });
    }
    if (result.status === 'importing') return t('Importing…');
    if (result.status === 'failed') return result.error ?? t('Upload failed');
    const track = result.track!;
    const values = { title: track.name, artists: track.artists.join(', ') };
    return track.album
      ? t('Imported as {{title}} by {{artists}}, on {{album}}', { ...values, album: track.album })
      : t('Imported as {{title}} by {{artists}}', values);
  };

  return (
    <section
      aria-labelledby="upload-for-import"
      className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:p-6"
    >
      <div>
        <h2 id="upload-for-import" className="text-xl font-semibold">
          {t('Upload audio')}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {t(
            'Adds audio files from your computer to the catalogue. Tags name them; untagged files are named from their folders (Artist/Album/01 - Title).',
          )}
        </p>
      </div>
      <input
        ref={files}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        aria-label={t('Choose audio files to import')}
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          event.target.value = '';
          if (chosen.length > 0) start(chosen);
        }}
      />
      <input
        ref={folder}
        type="file"
        multiple
        className="sr-only"
        aria-label={t('Choose a folder of audio to import')}
        {...{ webkitdirectory: '' }}
        onChange={(event) => {
          // A folder holds covers and playlists too: only its audio is sent.
          const chosen = [...(event.target.files ?? [])].filter((file) => isAudioName(file.name));
          event.target.value = '';
          if (chosen.length > 0) start(chosen);
        }}
      />
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          startIcon={<FileAudio size={16} />}
          onClick={() => files.current?.click()}
        >
          {t('Upload files')}
        </Button>
        <Button
          type="button"
          variant="outline"
          startIcon={<FolderUp size={16} />}
          onClick={() => folder.current?.click()}
        >
          {t('Upload a folder')}
        </Button>
      </div>
      {results.length > 0 && (
        <ul aria-label={t('Uploaded files')} aria-live="polite" className="flex flex-col gap-2">
          {results.map((result) => (
            <li key={result.key} className="rounded-md border border-border p-2 text-sm">
              <span className="block font-mono text-xs break-all">{result.label}</span>
              <span className={result.status === 'failed' ? 'text-danger' : undefined}>
                {statusOf(result)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
