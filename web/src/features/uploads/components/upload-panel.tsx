import clsx from 'clsx';
import { CheckCircle2, CircleAlert, File as FileIcon, X } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { useFormatters } from '../../../i18n/use-format';
import { Button, IconButton } from '../../../ui/button';
import type { UploadItem, UploadStatus } from '../queue/upload-queue';
import { useUploadQueue } from '../use-upload-queue';

const STATUS_LABELS: Record<UploadStatus, string> = {
  pending: 'Waiting',
  inProgress: 'Uploading',
  completed: 'Uploaded',
  failed: 'Failed',
  aborted: 'Cancelled',
};

/** The upload queue on screen: each file with its progress or outcome; cancel and clear. */
export function UploadPanel() {
  const { t } = useTranslation();
  const { items, abort, clear } = useUploadQueue();
  if (items.length === 0) return null;
  const running = items.filter((item) => item.status === 'inProgress').length;

  return (
    <section aria-label={t('Uploads')} className="overflow-hidden rounded-lg border border-border">
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <h2 className="me-auto text-base font-semibold">
          {running > 0 ? t('Uploading ({{count}})', { count: running }) : t('Uploads')}
        </h2>
        {items.some((item) => item.status !== 'inProgress') && (
          <Button variant="text" size="sm" onClick={clear}>
            {t('Clear')}
          </Button>
        )}
      </header>
      <ul className="max-h-96 divide-y divide-border overflow-y-auto">
        {items.map((item) => (
          <UploadRow key={item.id} item={item} onAbort={() => abort(item.id)} />
        ))}
      </ul>
    </section>
  );
}

function UploadRow({ item, onAbort }: { item: UploadItem; onAbort: () => void }) {
  const { t } = useTranslation();
  const { formatFileSize } = useFormatters();
  const active = item.status === 'pending' || item.status === 'inProgress';

  return (
    <li className="flex items-center gap-3 px-4 py-3" data-status={item.status}>
      {item.status === 'completed' ? (
        <CheckCircle2 size={20} aria-hidden className="shrink-0 text-positive" />
      ) : item.status === 'failed' ? (
        <CircleAlert size={20} aria-hidden className="shrink-0 text-danger" />
      ) : (
        <FileIcon size={20} aria-hidden className="shrink-0 text-fg-muted" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{item.relativePath || item.name}</p>
        {item.status === 'inProgress' && (
          <div
            role="progressbar"
            aria-label={t('Upload of {{name}}', { name: item.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.percentage}
            className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-bg-hover"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-150"
              style={{ width: `${item.percentage}%` }}
            />
          </div>
        )}
        <p
          className={clsx(
            'mt-1 text-xs',
            item.status === 'failed' ? 'text-danger' : 'text-fg-muted',
          )}
        >
          {item.status === 'failed' && item.errorMessage
            ? t(item.errorMessage, item.errorValues)
            : item.status === 'inProgress'
              ? t('{{uploaded}} of {{size}} ({{percentage}}%)', {
                  uploaded: formatFileSize(item.bytesUploaded),
                  size: formatFileSize(item.size),
                  percentage: item.percentage,
                })
              : `${t(STATUS_LABELS[item.status])} · ${formatFileSize(item.size)}`}
        </p>
      </div>
      {active && (
        <IconButton
          label={t('Cancel the upload of {{name}}', { name: item.name })}
          size="sm"
          onClick={onAbort}
        >
          <X size={16} />
        </IconButton>
      )}
    </li>
  );
}
