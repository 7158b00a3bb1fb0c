import type { ImportError, ImportJob } from '@cadenza/contracts/library';
import type { ImportJobRow } from './library.table.js';

export function importJobRowToJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    folder: row.folder,
    status: row.status,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    updated: row.updated,
    removed: row.removed,
    failed: row.failed,
    errors: JSON.parse(row.errors) as ImportError[],
    started_at: row.started_at,
    finished_at: row.finished_at,
    created_at: row.created_at,
  };
}
