import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { isApiError } from '../../api/api-error';
import { showError } from '../../app/error-handling/handle-error';
import { Button } from '../../ui/button';
import { uploadOne, useUploadQueue } from '../uploads/use-upload-queue';
import { AudioDropZone } from './release-tracks';
import { useReleaseActions } from './releases-api';

/**
 * Audio files on their way: each goes through the upload queue, then becomes a track (read,
 * measured, converted when needed), one after the other so the order dropped is kept.
 */
export function TrackUploads({ releaseId }: { releaseId: number }) {
  const { t } = useTranslation();
  const { addTrack } = useReleaseActions(releaseId);
  const { items } = useUploadQueue();
  const [pending, setPending] = useState<{ id: string; name: string; state: string }[]>([]);

  const setState = (id: string, state: string) =>
    setPending((list) => list.map((item) => (item.id === id ? { ...item, state } : item)));

  const add = async (files: File[]) => {
    const uploads = files.flatMap((file) => {
      const upload = uploadOne(file);
      return upload ? [{ ...upload, name: file.name }] : [];
    });
    setPending((list) => [
      ...list,
      ...uploads.map(({ id, name }) => ({ id, name, state: 'uploading' })),
    ]);
    for (const upload of uploads) {
      const settled = await upload.settled;
      if (settled.status !== 'completed' || !settled.entry) {
        setState(
          upload.id,
          settled.errorMessage ? t(settled.errorMessage, settled.errorValues) : t('Upload failed'),
        );
        continue;
      }
      setState(upload.id, 'reading');
      try {
        await addTrack.mutateAsync(settled.entry.id);
        setPending((list) => list.filter((item) => item.id !== upload.id));
      } catch (error) {
        setState(upload.id, isApiError(error) ? error.message : t('Upload failed'));
        if (isApiError(error) && error.status === 403) showError(error, t);
      }
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {pending.length > 0 && (
        <ul aria-label={t('Uploads')} className="flex flex-col gap-1 text-sm">
          {pending.map((item) => {
            const progress = items.find((queued) => queued.id === item.id)?.percentage ?? 0;
            const failed = item.state !== 'uploading' && item.state !== 'reading';
            return (
              <li key={item.id} className="flex items-center gap-3 rounded-md bg-bg-elevated p-2">
                <span className="min-w-0 flex-1 truncate">{item.name}</span>
                {item.state === 'uploading' && (
                  <span className="text-fg-muted tabular-nums">
                    {t('Uploading {{percent}}%', { percent: Math.round(progress) })}
                  </span>
                )}
                {item.state === 'reading' && (
                  <span className="text-fg-muted">{t('Reading the audio…')}</span>
                )}
                {failed && (
                  <>
                    <span role="alert" className="text-danger">
                      {item.state}
                    </span>
                    <Button
                      variant="text"
                      size="xs"
                      onClick={() =>
                        setPending((list) => list.filter((other) => other.id !== item.id))
                      }
                    >
                      {t('Dismiss')}
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <AudioDropZone onFiles={(files) => void add(files)} />
    </div>
  );
}
