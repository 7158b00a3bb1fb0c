import type { ImportJob, LibraryFolder } from '@cadenza/contracts/library';
import { FolderOpen, Play, Square } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { PageLoadError } from '../../../app/page-load-error';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Select, SelectItem } from '../../../ui/select';
import { toast } from '../../../ui/toast/toast-store';
import { useAdminSettings, useSaveSettings } from '../settings/settings-api';
import { type Column } from '../components/data-table';
import { ListTable, ScreenHeader } from '../components/list-table';
import { useListParams } from '../components/use-list-params';
import { useAdminDates } from '../components/admin-dates';
import {
  isActive,
  useCancelImport,
  useImports,
  useLibraryFolders,
  useStartImport,
} from './library-api';
import { UploadForImport } from './upload-for-import';
import { WatchedFolders } from './watched-folders';

const STATUS_LABELS: Record<ImportJob['status'], string> = {
  queued: 'Waiting',
  running: 'Importing',
  done: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const RESCAN_CHOICES = [
  { hours: 0, label: 'Never' },
  { hours: 6, label: 'Every 6 hours' },
  { hours: 12, label: 'Every 12 hours' },
  { hours: 24, label: 'Every day' },
  { hours: 168, label: 'Every week' },
];

/** Files the import looked at and left as they were. */
const unchangedOf = (job: ImportJob) =>
  Math.max(0, job.processed - job.imported - job.updated - job.failed);

/**
 * /admin/library: imports a folder of the server into the catalogue, with live progress, a
 * way to stop it, the history of imports and the schedule of re-scans.
 */
export function LibraryImportPage() {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const { params, apiParams, update } = useListParams();
  const imports = useImports(apiParams);
  const latest = params.page === 1 ? imports.data?.data[0] : undefined;

  const columns: Column<ImportJob>[] = [
    {
      key: 'folder',
      header: 'Folder',
      cell: (job) => <span className="break-all">{job.folder}</span>,
    },
    { key: 'status', header: 'Status', cell: (job) => t(STATUS_LABELS[job.status]) },
    {
      key: 'files',
      header: 'Files',
      className: 'whitespace-nowrap',
      cell: (job) =>
        t('{{processed}} of {{total}}', { processed: job.processed, total: job.total }),
    },
    { key: 'imported', header: 'Imported', cell: (job) => job.imported + job.updated },
    { key: 'failed', header: 'Failed', cell: (job) => job.failed },
    {
      key: 'started',
      header: 'Started',
      className: 'whitespace-nowrap',
      cell: (job) => dates.dateTime(job.started_at ?? job.created_at),
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-6">
      <header>
        <ScreenHeader title={t('Library import')} />
        <p className="mt-1 text-sm text-fg-muted">
          {t(
            'Adds the audio files of a server folder to the catalogue. Tags name the artists, albums and tracks; running it again picks up what changed.',
          )}
        </p>
      </header>
      <StartImport running={isActive(latest)} />
      <UploadForImport />
      {latest && <ImportProgress job={latest} />}
      <WatchedFolders />
      <RescanSchedule />
      <section aria-labelledby="import-history" className="flex flex-col gap-3">
        <h2 id="import-history" className="text-xl font-semibold">
          {t('History')}
        </h2>
        <ListTable
          list={imports}
          onPage={(page) => update({ page })}
          label={t('Imports')}
          columns={columns}
          empty={
            <EmptyState
              image={<FolderOpen size={40} strokeWidth={1.5} />}
              message={t('No imports yet')}
              className="rounded-lg border border-border"
            />
          }
        />
      </section>
    </div>
  );
}

function StartImport({ running }: { running: boolean }) {
  const { t } = useTranslation();
  const folders = useLibraryFolders();
  const start = useStartImport();
  const [folder, setFolder] = useState<string>('');
  const [error, setError] = useState<string | undefined>();
  const roots = folders.data?.filter((candidate) => candidate.root) ?? [];

  if (folders.isError) return <PageLoadError inScreen onRetry={() => void folders.refetch()} />;
  return (
    <section
      aria-labelledby="new-import"
      className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:p-6"
    >
      <h2 id="new-import" className="text-xl font-semibold">
        {t('New import')}
      </h2>
      {folders.data && folders.data.length === 0 ? (
        <p className="text-sm text-fg-muted">
          {t('The server has no library folder yet. Set LIBRARY_FOLDERS and restart it.')}
        </p>
      ) : (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (!folder) {
              setError(t('Choose the folder to import.'));
              return;
            }
            setError(undefined);
            start.mutate(folder, {
              onSuccess: () => toast.positive(t('Import started')),
              onError: (failure) => showError(failure, t),
            });
          }}
        >
          <div className="min-w-0 flex-1">
            <Select
              label={t('Folder')}
              description={t('Music goes in {{folders}}.', {
                folders: roots.map((root) => root.path).join(', ') || '…',
              })}
              placeholder={t('Choose a folder')}
              value={folder}
              errorMessage={error}
              onValueChange={setFolder}
            >
              {(folders.data ?? []).map((candidate) => (
                <SelectItem key={candidate.path} value={candidate.path}>
                  {labelOf(candidate, roots)}
                </SelectItem>
              ))}
            </Select>
          </div>
          <Button
            type="submit"
            startIcon={<Play size={16} />}
            isLoading={start.isPending}
            disabled={running}
          >
            {t('Start import')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** A subfolder reads as its path below its library folder. */
function labelOf(folder: LibraryFolder, roots: LibraryFolder[]): string {
  if (folder.root) return folder.path;
  const root = roots.find((candidate) => folder.path.startsWith(candidate.path));
  return root ? `…${folder.path.slice(root.path.length)}` : folder.path;
}

function ImportProgress({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  const cancel = useCancelImport();
  const active = isActive(job);
  const percent = job.total > 0 ? Math.round((job.processed / job.total) * 100) : active ? 0 : 100;
  const figures = [
    { label: 'Files found', value: job.total },
    { label: 'Imported', value: job.imported },
    { label: 'Updated', value: job.updated },
    { label: 'Unchanged', value: unchangedOf(job) },
    { label: 'Removed', value: job.removed },
    { label: 'Failed', value: job.failed },
  ];
  return (
    <section
      aria-labelledby="latest-import"
      className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="latest-import" className="text-xl font-semibold">
          {active ? t('Importing') : t('Last import')}
        </h2>
        <span className="text-sm text-fg-muted">{t(STATUS_LABELS[job.status])}</span>
        {active && (
          <Button
            className="ms-auto"
            size="sm"
            variant="outline"
            startIcon={<Square size={14} />}
            isLoading={cancel.isPending}
            onClick={() =>
              cancel.mutate(job.id, {
                onSuccess: () => toast.positive(t('Import cancelled')),
                onError: (failure) => showError(failure, t),
              })
            }
          >
            {t('Cancel import')}
          </Button>
        )}
      </div>
      <p className="text-sm break-all">{job.folder}</p>
      <div
        role="progressbar"
        aria-label={t('Import progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('{{percent}}%, {{processed}} of {{total}} files', {
          percent,
          processed: job.processed,
          total: job.total,
        })}
        className="h-2 overflow-hidden rounded-full bg-bg-hover"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm" aria-live="polite">
        {t('{{percent}}%, {{processed}} of {{total}} files', {
          percent,
          processed: job.processed,
          total: job.total,
        })}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(({ label, value }) => (
          <div key={label} className="rounded-md bg-bg-elevated p-3">
            <dt className="text-xs text-fg-muted">{t(label)}</dt>
            <dd className="text-xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {job.errors.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">
            {t('Files that could not be imported ({{count}})', { count: job.failed })}
          </summary>
          <ul className="mt-2 flex flex-col gap-2">
            {job.errors.map((error, i) => (
              <li key={i} className="rounded-md border border-border p-2">
                <span className="block font-mono text-xs break-all">{error.path}</span>
                <span className="text-danger">{error.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function RescanSchedule() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  const save = useSaveSettings();
  const hours = Number(settings.data?.settings['library.rescan_hours'] ?? 0);
  return (
    <section
      aria-labelledby="rescans"
      className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:p-6"
    >
      <h2 id="rescans" className="text-xl font-semibold">
        {t('Scheduled re-scans')}
      </h2>
      <div className="max-w-sm">
        <Select
          label={t('Import each folder again')}
          description={t('Picks up new, changed and deleted files without anyone pressing Start.')}
          value={String(hours)}
          disabled={settings.isPending || save.isPending}
          onValueChange={(next) =>
            save.mutate(
              { 'library.rescan_hours': Number(next) },
              {
                onSuccess: () => toast.positive(t('Schedule saved')),
                onError: (failure) => showError(failure, t),
              },
            )
          }
        >
          {RESCAN_CHOICES.map((choice) => (
            <SelectItem key={choice.hours} value={String(choice.hours)}>
              {t(choice.label)}
            </SelectItem>
          ))}
        </Select>
      </div>
    </section>
  );
}
