import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

/**
 * Server errors also go to a daily file under DATA_DIR/logs, so an admin can download the
 * latest log from the error dialog without access to the process output.
 */
export interface ErrorLog {
  write(error: Error, request?: FastifyRequest): void;
  latestFile(): string | undefined;
}

export function fileErrorLog(dir: string): ErrorLog {
  return {
    write(error, request) {
      const day = new Date().toISOString().slice(0, 10);
      const entry = {
        time: new Date().toISOString(),
        method: request?.method,
        url: request?.url,
        userId: request?.user?.id ?? null,
        name: error.name,
        message: error.message,
        stack: error.stack,
      };
      try {
        fs.mkdirSync(dir, { recursive: true });
        fs.appendFileSync(path.join(dir, `errors-${day}.log`), `${JSON.stringify(entry)}\n`);
      } catch {
        // Logging must never turn one failure into two; the process log still has the error.
      }
    },
    latestFile() {
      try {
        const files = fs
          .readdirSync(dir)
          .filter((f) => /^errors-\d{4}-\d{2}-\d{2}\.log$/.test(f))
          .sort();
        const last = files[files.length - 1];
        return last ? path.join(dir, last) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
