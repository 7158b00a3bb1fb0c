import type { AdminJobs } from '@cadenza/contracts/jobs';
import { AppError } from '../../core/errors.js';
import type { Jobs } from '../../infra/jobs/index.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';

/** The latest failed jobs the admin area lists. */
const FAILED_SHOWN = 50;

/** The background jobs as the admin area sees them: where each queue stands, and what failed. */
export function createJobsAdminService({ jobs, audit }: { jobs: Jobs; audit: AuditService }) {
  return {
    async overview(): Promise<AdminJobs> {
      const [counts, failed] = await Promise.all([jobs.counts(), jobs.failed(FAILED_SHOWN)]);
      return {
        backend: jobs.backend,
        queues: Object.entries(counts)
          .map(([name, byState]) => ({ name, counts: byState }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        failed: failed.map(({ failedAt, ...job }) => ({ ...job, failed_at: failedAt })),
      };
    },

    /** Runs a failed job again, with all its attempts. */
    async retry(by: AuditActor, queue: string, id: string): Promise<void> {
      if (!(await jobs.retry(queue, id))) {
        throw AppError.notFound('There is no failed job with this id in this queue.');
      }
      await audit.record(by, {
        action: 'job.retried',
        subject: { type: 'job', id: `${queue}/${id}` },
      });
    },
  };
}

export type JobsAdminService = ReturnType<typeof createJobsAdminService>;
