import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

/**
 * Server errors also go to a daily file under DATA_DIR/logs, so an admin can download the
 * latest log from the error dialog without access to the process output.
 */
export interface ErrorLog {
  write(error: Error, request?: FastifyRequest): void;
  /** An error a browser reported (see `modules/logs`): its page, not the report's request. */
  writeBrowserError(report: BrowserErrorReport): void;
  latestFile(): string | undefined;
  /** The daily files, newest first (names only). */
  files(): string[];
  /** The entries of one daily file, newest first; undefined for a name that is not a log. */
  read(name: string): ErrorLogEntry[] | undefined;
}

export interface BrowserErrorReport {
  message: string;
  stack?: string | undefined;
  /** The page the error happened on. */
  url: string;
  userAgent?: string | undefined;
  userId: number | null;
}

export interface ErrorLogEntry {
  /** Where the error happened: the server's own (absent in older lines) or a visitor's browser. */
  source?: 'server' | 'browser';
  userAgent?: string | undefined;
  time: string;
  method?: string | undefined;
  url?: string | undefined;
  userId: number | null;
  name: string;
  message: string;
  stack?: string | undefined;
}

const DAILY_FILE = /^errors-\d{4}-\d{2}-\d{2}\.log$/;

export function fileErrorLog(dir: string): ErrorLog {
  const files = () => {
    try {
      return fs
        .readdirSync(dir)
        .filter((name) => DAILY_FILE.test(name))
        .sort()
        .reverse();
    } catch {
      return [];
    }
  };
  const append = (entry: ErrorLogEntry) => {
    const day = entry.time.slice(0, 10);
    try {
      fs.mkdirSync(dir, { recursive: true });
      fs.appendFileSync(path.join(dir, `errors-${day}.log`), `${JSON.stringify(entry)}\n`);
    } catch {
      // Logging must never turn one failure into two; the process log still has the error.
    }
  };
  return {
    write(error, request) {
      append({
        source: 'server',
        time: new Date().toISOString(),
        method: request?.method,
        url: request?.url,
        userId: request?.user?.id ?? null,
        name: error.name,
        message: error.message,
        stack: error.stack,
      });
    },
    writeBrowserError({ message, stack, url, userAgent, userId }) {
      append({
        source: 'browser',
        time: new Date().toISOString(),
        url,
        userAgent,
        userId,
        name: 'BrowserError',
        message,
        stack,
      });
    },
    latestFile() {
      const [last] = files();
      return last ? path.join(dir, last) : undefined;
    },
    files,
    read(name) {
      // Only a daily file of this folder: the name never reaches the disk otherwise.
      if (!DAILY_FILE.test(name)) return undefined;
      let text: string;
      try {
        text = fs.readFileSync(path.join(dir, name), 'utf8');
      } catch {
        return undefined;
      }
      return text
        .split('\n')
        .flatMap((line) => {
          try {
            return line ? [JSON.parse(line) as ErrorLogEntry] : [];
          } catch {
            return []; // A line cut short by a crash is skipped, not fatal.
          }
        })
        .reverse();
    },
  };
}
