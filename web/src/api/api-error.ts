import type { DebugErrorBody } from '@cadenza/contracts/http';

/** The error body of DESIGN.md §4; the debug fields arrive only with `APP_DEBUG=true`. */
export type ApiErrorBody = Partial<DebugErrorBody> & {
  action?: { label: string; action: string };
};

/** The client-level message of a request that took too long (spec section 8). */
export const TIMEOUT_MESSAGE = 'timeout exceeded';

/** Thrown by the API client for every failed request; status 0 means no response arrived. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    message?: string,
    options?: ErrorOptions,
  ) {
    super(message ?? body?.message ?? `Request failed with status code ${status}`, options);
  }

  /** No answer came in time: the client gave up on the request. */
  get isTimeout(): boolean {
    return this.status === 0 && this.message === TIMEOUT_MESSAGE;
  }

  /** The message the server wrote for people, if any (the toast falls back to its own). */
  get serverMessage(): string | undefined {
    return this.body?.message || undefined;
  }

  /** Field → message; a field with a list of messages shows its first. */
  get fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const field of Object.keys(this.body?.errors ?? {})) {
      const message = this.fieldError(field);
      if (message !== undefined) fields[field] = message;
    }
    return fields;
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }

  fieldError(field: string): string | undefined {
    const value = this.body?.errors?.[field];
    return Array.isArray(value) ? value[0] : value;
  }

  /** A 5xx carrying a stack trace opens the error dialog instead of a toast. */
  get isDebugError(): boolean {
    return this.body?.ignitionTrace === true;
  }
}

export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}
