import { Bug, ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoadError } from '../../../app/page-load-error';
import { DebugTrace, DownloadLogButton } from '../../../app/error-handling/error-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Select, SelectItem } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { Pager } from '../components/pager';
import { useListParams } from '../components/use-list-params';
import { useAdminDates } from '../components/admin-dates';
import { useErrorLog, type ErrorEntry } from './logs-api';

/** /admin/logs/errors: the server's errors a day at a time, each with its frames and code. */
export function ErrorLogPage() {
  const { t } = useTranslation();
  const { params, apiParams, update } = useListParams();
  const log = useErrorLog(apiParams);

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('Error log')}</h1>
        {log.data?.file && <DownloadLogButton />}
      </div>
      {log.data && log.data.files.length > 0 && (
        <Select
          aria-label={t('Day')}
          size="sm"
          value={params.filters.file ?? log.data.file ?? undefined}
          onValueChange={(file) => update({ file })}
          className="w-full sm:w-64"
        >
          {log.data.files.map((file) => (
            <SelectItem key={file} value={file}>
              {file.slice(7, 17)}
            </SelectItem>
          ))}
        </Select>
      )}
      {log.isPending ? (
        <Skeleton className="h-64" />
      ) : log.isError ? (
        <PageLoadError inScreen onRetry={() => void log.refetch()} />
      ) : log.data.pagination.total === 0 ? (
        <EmptyState
          image={<Bug size={40} strokeWidth={1.5} />}
          message={t('No errors recorded')}
          description={t('Server errors show here with the code that failed.')}
          className="rounded-lg border border-border"
        />
      ) : (
        <ol className="flex flex-col gap-2">
          {log.data.pagination.data.map((entry, index) => (
            <Entry key={`${entry.time}-${index}`} entry={entry} />
          ))}
        </ol>
      )}
      <Pager pagination={log.data?.pagination} onPage={(page) => update({ page })} />
    </div>
  );
}

function Entry({ entry }: { entry: ErrorEntry }) {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-lg border border-border">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-start gap-3 px-4 py-3 text-start hover:bg-bg-hover"
      >
        {open ? <ChevronDown size={18} aria-hidden /> : <ChevronRight size={18} aria-hidden />}
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium">
            <span className="font-mono text-danger">{entry.debug.exception}</span>{' '}
            {entry.debug.message}
          </span>
          <span className="truncate text-xs text-fg-muted">
            {dates.dateTime(entry.time)}
            {entry.url && ` · ${entry.method ?? ''} ${entry.url}`}
            {entry.user_id !== null && ` · ${t('user #{{id}}', { id: entry.user_id })}`}
          </span>
        </span>
      </button>
      {open && (
        <div className="flex flex-col gap-4 border-t border-border p-4">
          <DebugTrace error={entry.debug} />
        </div>
      )}
    </li>
  );
}
