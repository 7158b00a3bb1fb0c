import { FileAudio } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { uploadOne, useUploadQueue } from '../../uploads/use-upload-queue';
import { useReplaceTrackAudio } from './catalogue-api';

/**
 * "Replace audio": the file goes through the uploads queue (resumable, with its progress), then
 * the server swaps it in for the track's audio, checking that it is audio it can play.
 */
export function ReplaceAudio({
  trackId,
  onReplaced,
}: {
  trackId: number;
  /** Called with the new audio's duration. */
  onReplaced: (durationMs: number) => void;
}) {
  const { t } = useTranslation();
  const replaceAudio = useReplaceTrackAudio();
  const input = useRef<HTMLInputElement>(null);
  const { items } = useUploadQueue();
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [swapping, setSwapping] = useState(false);
  const item = items.find((candidate) => candidate.id === uploadId);

  const replace = async (file: File) => {
    const upload = uploadOne(file);
    if (!upload) return;
    setUploadId(upload.id);
    const settled = await upload.settled;
    setUploadId(null);
    if (settled.status !== 'completed' || !settled.entry) {
      if (settled.status === 'failed') {
        toast.danger(
          settled.errorMessage ? t(settled.errorMessage, settled.errorValues) : t('Upload failed'),
        );
      }
      return;
    }
    setSwapping(true);
    try {
      const durationMs = await replaceAudio.mutateAsync({
        trackId,
        fileEntryId: settled.entry.id,
      });
      onReplaced(durationMs);
      toast.positive(t('Audio replaced'));
    } catch (error) {
      showError(error, t);
    } finally {
      setSwapping(false);
    }
  };

  const busy = item !== undefined || swapping;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        ref={input}
        type="file"
        accept="audio/*,.mp3,.flac,.ogg,.opus,.wav,.m4a,.aac"
        className="sr-only"
        aria-label={t('Choose the new audio file')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void replace(file);
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        startIcon={<FileAudio size={16} />}
        isLoading={busy}
        onClick={() => input.current?.click()}
      >
        {t('Replace audio')}
      </Button>
      <span className="text-sm text-fg-muted" aria-live="polite">
        {item
          ? t('Uploading {{percentage}} %', { percentage: Math.round(item.percentage) })
          : swapping
            ? t('Checking the audio…')
            : t('MP3, FLAC, Ogg, WAV, AAC or M4A.')}
      </span>
    </div>
  );
}
