import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../core/errors.js';
import type { ErrorLog } from '../../infra/error-log.js';

export type LogsService = ReturnType<typeof createLogsService>;

export function createLogsService({ errorLog }: { errorLog: ErrorLog }) {
  return {
    /** The newest daily error log, to download from the error dialog. */
    latestErrorLog(): { name: string; size: number; stream: fs.ReadStream } {
      const file = errorLog.latestFile();
      const stat = file ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
      if (!file || !stat) throw AppError.notFound('There is no error log yet.');
      return { name: path.basename(file), size: stat.size, stream: fs.createReadStream(file) };
    },
  };
}
