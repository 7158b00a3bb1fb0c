import type { FileEntry } from '@cadenza/contracts/uploads';
import { Download, FolderUp, Trash2, Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import { showError } from '../../app/error-handling/handle-error';
import { PageLoadError } from '../../app/page-load-error';
import { useFormatters } from '../../i18n/use-format';
import { Button, IconButton } from '../../ui/button';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast/toast-store';
import { UploadPanel } from './components/upload-panel';
import { useDeleteFileEntry, useFileEntries } from './api/file-entries-api';
import { useUploadQueue } from './use-upload-queue';

/** /files: the user's uploads (or the active workspace's), and the upload queue. */
export function FilesPage() {
  const { t } = useTranslation();
  const { add } = useUploadQueue();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const files = useFileEntries(page);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (list: FileList | null) => {
    if (list?.length) add(Array.from(list));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  return (
    <div className="flex-1 px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto flex max-w-[780px] flex-col gap-6">
        <header className="flex flex-wrap items-center gap-3">
          <div className="me-auto">
            <h1 className="text-3xl font-semibold">{t('Your files')}</h1>
            <p className="mt-1 text-sm text-fg-muted">{t('Upload files, or drop them here.')}</p>
          </div>
          <Button
            variant="outline"
            startIcon={<FolderUp size={16} aria-hidden />}
            onClick={() => folderInput.current?.click()}
          >
            {t('Upload a folder')}
          </Button>
          <Button
            startIcon={<Upload size={16} aria-hidden />}
            onClick={() => fileInput.current?.click()}
          >
            {t('Upload files')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            aria-label={t('Files to upload')}
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = '';
            }}
          />
          <input
            ref={(element) => {
              folderInput.current = element;
              element?.setAttribute('webkitdirectory', '');
            }}
            type="file"
            hidden
            aria-label={t('Folder to upload')}
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = '';
            }}
          />
        </header>
        <UploadPanel />
        <section
          aria-label={t('Files')}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={cn(
            'overflow-hidden rounded-lg border border-border transition-colors',
            dragging && 'border-primary bg-primary/5',
          )}
        >
          {files.isPending ? (
            <Skeleton className="h-48" />
          ) : files.isError ? (
            <PageLoadError inScreen onRetry={() => void files.refetch()} />
          ) : files.data.total === 0 ? (
            <EmptyState
              image={<Upload size={40} strokeWidth={1.5} />}
              message={t('No files yet')}
              description={t('What you upload shows here.')}
            />
          ) : (
            <FileList files={files.data.data} />
          )}
        </section>
        {files.data && files.data.last_page > 1 && (
          <nav aria-label={t('Pages')} className="flex items-center justify-between gap-3">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => setSearchParams({ page: String(page - 1) })}
            >
              {t('Previous')}
            </Button>
            <span className="text-sm text-fg-muted">
              {t('Page {{page}} of {{count}}', { page, count: files.data.last_page })}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= files.data.last_page}
              onClick={() => setSearchParams({ page: String(page + 1) })}
            >
              {t('Next')}
            </Button>
          </nav>
        )}
      </div>
    </div>
  );
}

function FileList({ files }: { files: FileEntry[] }) {
  const { t } = useTranslation();
  const { formatFileSize, formatDate } = useFormatters();
  const remove = useDeleteFileEntry();
  const deleteFile = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => toast.positive(t('File deleted')),
      onError: (error) => showError(error, t),
    });

  return (
    <ul className="divide-y divide-border">
      {files.map((file) => (
        <li key={file.id} className="flex items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{file.name}</p>
            <p className="text-xs text-fg-muted">
              {formatFileSize(file.size)} · {file.mime} · {formatDate(file.created_at)}
            </p>
          </div>
          <IconButton asChild label={t('Download {{name}}', { name: file.name })} size="sm">
            <a href={`${file.url}?download=1`} download={file.name}>
              <Download size={16} />
            </a>
          </IconButton>
          <IconButton
            label={t('Delete {{name}}', { name: file.name })}
            size="sm"
            className="text-fg-muted hover:text-danger"
            disabled={remove.isPending}
            onClick={() => deleteFile(file.id)}
          >
            <Trash2 size={16} />
          </IconButton>
        </li>
      ))}
    </ul>
  );
}
