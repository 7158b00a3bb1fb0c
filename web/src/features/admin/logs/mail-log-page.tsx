import { Mail } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoadError } from '../../../app/page-load-error';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable, type Column } from '../components/data-table';
import { Pager } from '../components/pager';
import { SearchField } from '../components/search-field';
import { useListParams } from '../components/use-list-params';
import { useAdminDates } from '../components/admin-dates';
import { useMailLog, type MailLogEntry } from './logs-api';

/** /admin/logs/mail: every message the site sent or failed to send. */
export function MailLogPage() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const { params, apiParams, update } = useListParams();
  const log = useMailLog(apiParams);

  const columns: Column<MailLogEntry>[] = [
    {
      key: 'when',
      header: 'When',
      className: 'whitespace-nowrap',
      cell: (entry) => dates.dateTime(entry.created_at),
    },
    { key: 'to', header: 'To', cell: (entry) => entry.recipient },
    { key: 'subject', header: 'Subject', cell: (entry) => entry.subject },
    {
      key: 'status',
      header: 'Status',
      cell: (entry) =>
        entry.status === 'sent' ? (
          <span className="text-positive">{t('Sent')}</span>
        ) : (
          <span className="text-danger" title={entry.error ?? undefined}>
            {t('Failed')}
            {entry.error && <span className="block text-xs text-fg-muted">{entry.error}</span>}
          </span>
        ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('Mail log')}</h1>
      <SearchField
        label={t('Search by address or subject')}
        value={params.query}
        onChange={(query) => update({ query })}
      />
      {log.isError ? (
        <PageLoadError inScreen onRetry={() => void log.refetch()} />
      ) : (
        <DataTable
          label={t('Mail log')}
          rows={log.data?.data}
          columns={columns}
          isLoading={log.isPending}
          empty={
            <EmptyState
              image={<Mail size={40} strokeWidth={1.5} />}
              message={t('No e-mail sent yet')}
              className="rounded-lg border border-border"
            />
          }
        />
      )}
      <Pager pagination={log.data} onPage={(page) => update({ page })} />
    </div>
  );
}
