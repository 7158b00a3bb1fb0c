import fs from 'node:fs';
import path from 'node:path';
import type { ClientErrorReport } from '@cadenza/contracts/client-errors';
import { paginated } from '@cadenza/contracts/http';
import { buildDebugBody } from '../../core/debug-trace.js';
import { AppError } from '../../core/errors.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ErrorLog } from '../../infra/error-log.js';
import type { RateLimiter } from '../../infra/rate-limiter.js';
import { listMailLog } from './mail-log.repo.js';

export type LogsService = ReturnType<typeof createLogsService>;

// Browser error reports per address: generous, for people behind one shared address, while one
// page looping on an error cannot fill the log.
const MAX_BROWSER_REPORTS = 60;
const BROWSER_REPORT_WINDOW_SECONDS = 60;

export function createLogsService({
  db,
  errorLog,
  limiter,
}: {
  db: Kysely<Database>;
  errorLog: ErrorLog;
  limiter: RateLimiter;
}) {
  return {
    /** Every message the site sent or failed to send, newest first; `query` finds an address or a subject. */
    mailLog(query: { page: number; perPage: number; query?: string | undefined }) {
      return listMailLog(db, query);
    },

    /**
     * Writes an error a visitor's browser reported (the web app sends a sample of them) to the
     * error log the admin reads. Guests report too, so it is limited by address.
     */
    async reportBrowserError(
      report: ClientErrorReport,
      client: { ip: string; userId: number | null },
    ): Promise<void> {
      const limit = await limiter.hit(
        `client-errors:${client.ip}`,
        MAX_BROWSER_REPORTS,
        BROWSER_REPORT_WINDOW_SECONDS,
      );
      if (!limit.allowed) throw AppError.tooManyRequests(limit.retryAfter);
      errorLog.writeBrowserError({ ...report, userId: client.userId });
    },

    /**
     * One day's errors, newest first, each with its debug trace (frames with the code around
     * them), for the admin area. The newest day when none is named.
     */
    errorEntries(file: string | undefined, page: { page: number; perPage: number }) {
      const files = errorLog.files();
      const chosen = file ?? files[0];
      const entries = chosen ? errorLog.read(chosen) : [];
      if (!entries) throw AppError.notFound('There is no such error log.');
      const data = entries
        .slice((page.page - 1) * page.perPage, page.page * page.perPage)
        .map((entry) => ({
          time: entry.time,
          method: entry.method ?? null,
          url: entry.url ?? null,
          user_id: entry.userId,
          source: entry.source ?? 'server',
          user_agent: entry.userAgent ?? null,
          debug: buildDebugBody(
            Object.assign(new Error(entry.message), { name: entry.name, stack: entry.stack }),
            entry.message,
            // A browser's stack is the visitor's text: no file it names is read.
            { readCode: entry.source !== 'browser' },
          ),
        }));
      return { files, file: chosen ?? null, pagination: paginated(data, entries.length, page) };
    },

    /** The newest daily error log, to download from the error dialog. */
    latestErrorLog(): { name: string; size: number; stream: fs.ReadStream } {
      const file = errorLog.latestFile();
      const stat = file ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
      if (!file || !stat) throw AppError.notFound('There is no error log yet.');
      return { name: path.basename(file), size: stat.size, stream: fs.createReadStream(file) };
    },
  };
}
