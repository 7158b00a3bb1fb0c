import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERRORS_PATH,
  type ClientErrorReport,
} from '@cadenza/contracts/client-error-report';
import { apiClient } from '../api/client';
import { getBootstrapData, readSetting } from '../api/bootstrap';

/** One page reports at most this many errors: a loop that throws must not flood the log. */
const MAX_REPORTS_PER_PAGE = 10;

export interface ErrorReportingOptions {
  /** A number in [0, 1): the report is sent when it falls under the sampled share. */
  random?: () => number;
  send?: (report: ClientErrorReport) => Promise<unknown>;
}

const sendReport = (report: ClientErrorReport) => apiClient.post(CLIENT_ERRORS_PATH, report);

function reportOf(reason: unknown): ClientErrorReport {
  const error = reason instanceof Error ? reason : undefined;
  const message = (error ? `${error.name}: ${error.message}` : String(reason)).trim();
  return {
    message: (message || 'Unknown error').slice(0, CLIENT_ERROR_LIMITS.message),
    ...(error?.stack ? { stack: error.stack.slice(0, CLIENT_ERROR_LIMITS.stack) } : {}),
    url: window.location.href.slice(0, CLIENT_ERROR_LIMITS.url),
    userAgent: navigator.userAgent.slice(0, CLIENT_ERROR_LIMITS.userAgent),
  };
}

/**
 * Sends a sample of the page's uncaught errors and unhandled rejections to the server's error
 * log, the share the setting `client_errors.sample_percent` names (spec: 20 %). Returns a
 * function that stops it.
 */
export function startErrorReporting({
  random = Math.random,
  send = sendReport,
}: ErrorReportingOptions = {}): () => void {
  let sent = 0;
  const report = (reason: unknown) => {
    const percent = readSetting(getBootstrapData().settings, 'client_errors.sample_percent') ?? 0;
    if (sent >= MAX_REPORTS_PER_PAGE || random() * 100 >= percent) return;
    sent++;
    // A report that fails is dropped: reporting it would only fail again.
    send(reportOf(reason)).catch(() => undefined);
  };
  const onError = (event: ErrorEvent) => report(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
