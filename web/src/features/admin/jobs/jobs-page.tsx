import type { FailedJobSummary, JobQueueSummary } from '@cadenza/contracts/jobs';
import { CircleCheck, RotateCcw, Workflow } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { PageLoadError } from '../../../app/page-load-error';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { toast } from '../../../ui/toast/toast-store';
import { DataTable, type Column } from '../components/data-table';
import { ScreenHeader } from '../components/list-table';
import { useAdminDates } from '../components/admin-dates';
import { useAdminJobs, useRetryJob } from './jobs-api';

/** What each of the app's queues does, in words; another queue shows its own name. */
const QUEUE_LABELS: Record<string, string> = {
  mail: 'E-mail',
  'library-import': 'Library imports',
  'library-rescan': 'Library re-scans',
  'play-rollups': 'Play roll-ups for reports',
  'trending-window': 'Trending window',
  'scheduled-releases': 'Scheduled releases',
  'session-pruning': 'Expired sessions',
  'upload-cleanup': 'Expired uploads',
};

/** /admin/jobs: the background work, where each queue stands, and the jobs that failed. */
export function JobsPage() {
  const { t } = useTranslation();
  const jobs = useAdminJobs();
  const queueLabel = (name: string) => (QUEUE_LABELS[name] ? t(QUEUE_LABELS[name]) : name);

  const queueColumns: Column<JobQueueSummary & { id: number }>[] = [
    {
      key: 'queue',
      header: 'Queue',
      cell: (queue) => (
        <>
          <span className="block">{queueLabel(queue.name)}</span>
          <span className="block font-mono text-xs text-fg-muted">{queue.name}</span>
        </>
      ),
    },
    { key: 'waiting', header: 'Waiting', cell: (queue) => queue.counts.waiting },
    { key: 'active', header: 'Running', cell: (queue) => queue.counts.active },
    { key: 'delayed', header: 'Waiting to retry', cell: (queue) => queue.counts.delayed },
    { key: 'completed', header: 'Done', cell: (queue) => queue.counts.completed },
    {
      key: 'failed',
      header: 'Failed',
      cell: (queue) => (
        <span className={queue.counts.failed > 0 ? 'font-semibold text-danger' : undefined}>
          {queue.counts.failed}
        </span>
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-6">
      <div>
        <ScreenHeader title={t('Background jobs')} />
        <p className="mt-1 text-sm text-fg-muted">
          {t(
            'Work the server does on its own: e-mail, imports and scheduled tasks. A job that fails is tried again after a pause; one that runs out of attempts is listed here to run again.',
          )}
        </p>
      </div>
      {jobs.isError ? (
        <PageLoadError inScreen onRetry={() => void jobs.refetch()} />
      ) : (
        <>
          <section aria-labelledby="job-queues" className="flex flex-col gap-3">
            <h2 id="job-queues" className="text-xl font-semibold">
              {t('Queues')}
            </h2>
            <DataTable
              label={t('Queues')}
              rows={jobs.data?.queues.map((queue, index) => ({ ...queue, id: index }))}
              columns={queueColumns}
              isLoading={jobs.isPending}
              empty={
                <EmptyState
                  image={<Workflow size={40} strokeWidth={1.5} />}
                  message={t('No queues yet')}
                  className="rounded-lg border border-border"
                />
              }
            />
          </section>
          <FailedJobs failed={jobs.data?.failed} isLoading={jobs.isPending} label={queueLabel} />
        </>
      )}
    </div>
  );
}

/** The table keys its rows by a number; a job's own id is a string, kept as `jobId`. */
type FailedRow = Omit<FailedJobSummary, 'id'> & { id: number; jobId: string };

function FailedJobs({
  failed,
  isLoading,
  label,
}: {
  failed: FailedJobSummary[] | undefined;
  isLoading: boolean;
  label: (queue: string) => string;
}) {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const retry = useRetryJob();

  const columns: Column<FailedRow>[] = [
    {
      key: 'when',
      header: 'Failed',
      className: 'whitespace-nowrap',
      cell: (job) => dates.dateTime(job.failed_at),
    },
    { key: 'queue', header: 'Queue', cell: (job) => label(job.queue) },
    {
      key: 'error',
      header: 'Error',
      cell: (job) => <span className="break-words text-danger">{job.error}</span>,
    },
    { key: 'attempts', header: 'Attempts', cell: (job) => job.attempts },
    {
      key: 'actions',
      header: '',
      className: 'text-end',
      cell: (job) => (
        <Button
          size="sm"
          variant="outline"
          startIcon={<RotateCcw size={14} />}
          aria-label={t('Run job {{id}} of {{queue}} again', {
            id: job.jobId,
            queue: label(job.queue),
          })}
          isLoading={
            retry.isPending &&
            retry.variables.queue === job.queue &&
            retry.variables.id === job.jobId
          }
          onClick={() =>
            retry.mutate(
              { queue: job.queue, id: job.jobId },
              {
                onSuccess: () => toast.positive(t('The job will run again')),
                onError: (failure) => showError(failure, t),
              },
            )
          }
        >
          {t('Run again')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="failed-jobs" className="flex flex-col gap-3">
      <h2 id="failed-jobs" className="text-xl font-semibold">
        {t('Failed jobs')}
      </h2>
      <DataTable
        label={t('Failed jobs')}
        rows={failed?.map((job, index): FailedRow => ({ ...job, id: index, jobId: job.id }))}
        columns={columns}
        isLoading={isLoading}
        empty={
          <EmptyState
            image={<CircleCheck size={40} strokeWidth={1.5} />}
            message={t('No job has failed')}
            className="rounded-lg border border-border"
          />
        }
      />
    </section>
  );
}
