import fs from 'node:fs';
import path from 'node:path';
import { paginated } from '@cadenza/contracts/http';
import { buildDebugBody } from '../../core/debug-trace.js';
import { AppError } from '../../core/errors.js';
import type { ErrorLog } from '../../infra/error-log.js';

export type LogsService = ReturnType<typeof createLogsService>;

export function createLogsService({ errorLog }: { errorLog: ErrorLog }) {
  return {
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
          debug: buildDebugBody(
            Object.assign(new Error(entry.message), { name: entry.name, stack: entry.stack }),
            entry.message,
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
