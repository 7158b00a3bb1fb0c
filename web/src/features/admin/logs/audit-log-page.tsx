import type { AuditEntry } from '@cadenza/contracts/admin';
import { ScrollText } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoadError } from '../../../app/page-load-error';
import { EmptyState } from '../../../ui/empty-state';
import { Select, SelectItem } from '../../../ui/select';
import { useAuditLog } from '../api/admin-api';
import { DataTable, type Column } from '../components/data-table';
import { Pager } from '../components/pager';
import { useListParams } from '../components/use-list-params';
import { useAdminDates } from '../components/admin-dates';

const SUBJECTS = ['user', 'role', 'product', 'voucher', 'subscription'] as const;
const ANY = 'any';

/** /admin/logs/audit: who changed what, and when, with the object before and after. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const { params, apiParams, update } = useListParams();
  const log = useAuditLog(apiParams);

  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: 'When',
      className: 'whitespace-nowrap align-top',
      cell: (entry) => dates.dateTime(entry.created_at),
    },
    {
      key: 'who',
      header: 'Who',
      className: 'align-top',
      cell: (entry) => entry.actor?.display_name ?? t('Deleted user'),
    },
    {
      key: 'what',
      header: 'What',
      className: 'align-top',
      cell: (entry) => (
        <div className="flex min-w-[260px] flex-col gap-1">
          <span>
            <code className="text-xs">{entry.action}</code>{' '}
            <span className="text-fg-muted">
              {entry.subject_type} #{entry.subject_id}
            </span>
          </span>
          {(entry.before !== null || entry.after !== null) && (
            <details className="text-xs">
              <summary className="cursor-pointer text-fg-muted hover:text-fg">
                {t('Before and after')}
              </summary>
              <div className="mt-2 grid gap-2 md:grid-cols-2">
                <Snapshot title={t('Before')} value={entry.before} />
                <Snapshot title={t('After')} value={entry.after} />
              </div>
            </details>
          )}
        </div>
      ),
    },
    {
      key: 'ip',
      header: 'Address',
      className: 'align-top text-fg-muted',
      cell: (entry) => entry.ip ?? '—',
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('Audit log')}</h1>
      <Select
        aria-label={t('Kind of object')}
        size="sm"
        value={params.filters.subject_type ?? ANY}
        onValueChange={(value) => update({ subject_type: value === ANY ? undefined : value })}
        className="w-full sm:w-48"
      >
        <SelectItem value={ANY}>{t('Everything')}</SelectItem>
        {SUBJECTS.map((subject) => (
          <SelectItem key={subject} value={subject}>
            {subject}
          </SelectItem>
        ))}
      </Select>
      {log.isError ? (
        <PageLoadError inScreen onRetry={() => void log.refetch()} />
      ) : (
        <DataTable
          label={t('Audit log')}
          rows={log.data?.data}
          columns={columns}
          isLoading={log.isPending}
          empty={
            <EmptyState
              image={<ScrollText size={40} strokeWidth={1.5} />}
              message={t('Nothing recorded yet')}
              description={t('Every change made in the admin area shows here.')}
              className="rounded-lg border border-border"
            />
          }
        />
      )}
      <Pager pagination={log.data} onPage={(page) => update({ page })} />
    </div>
  );
}

function Snapshot({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 font-medium">{title}</p>
      <pre className="max-h-64 overflow-auto rounded-sm bg-bg-hover p-2 whitespace-pre-wrap">
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
