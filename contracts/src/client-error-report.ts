/**
 * A browser's report of one uncaught error or unhandled rejection (spec: sampled at 20 %). Kept
 * free of the schema library: the landing page's script carries it, and its size is counted.
 */
export const CLIENT_ERRORS_PATH = 'client-errors';

/** The longest text of each field the server takes; the web app cuts its reports to fit. */
export const CLIENT_ERROR_LIMITS = {
  message: 2000,
  stack: 20_000,
  url: 2000,
  userAgent: 500,
} as const;

export interface ClientErrorReport {
  message: string;
  stack?: string;
  url: string;
  userAgent?: string;
}
