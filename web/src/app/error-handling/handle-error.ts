import type { DebugErrorBody } from '@cadenza/contracts/http';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isApiError, TIMEOUT_MESSAGE } from '../../api/api-error';
import { toast } from '../../ui/toast/toast-store';
import { openErrorDialog } from './error-dialog-store';

/** Spec section 8: the toast when the server gave no message. */
export const DEFAULT_ERROR_MESSAGE = 'There was an issue. Please try again.';

type Translate = (text: string) => string;

/** A failed response that carries a debug trace (APP_DEBUG on the server). */
export function debugTraceOf(error: unknown): DebugErrorBody | undefined {
  return error instanceof ApiError && error.isDebugError
    ? (error.body as DebugErrorBody)
    : undefined;
}

/**
 * The default way to tell the user a request failed (spec section 8): a debug trace opens the
 * error dialog; otherwise a danger toast with the server's message (and action, if it sent one),
 * or the generic message.
 */
export function showError(error: unknown, translate: Translate): void {
  const trace = debugTraceOf(error);
  if (trace) {
    openErrorDialog(trace);
    return;
  }
  const body = isApiError(error) ? error.body : null;
  // A request that got no answer in time says so (spec section 8: 'timeout exceeded').
  const message = !isApiError(error)
    ? undefined
    : error.isTimeout
      ? translate(TIMEOUT_MESSAGE)
      : error.serverMessage;
  toast.danger(message ?? translate(DEFAULT_ERROR_MESSAGE), {
    ...(body?.action ? { action: { ...body.action, label: translate(body.action.label) } } : {}),
  });
}

/**
 * For react-hook-form forms (spec section 5): server field errors (`errors.{field}`, a string or
 * a list of which the first counts) go on the matching fields and the first is focused. Without
 * a field the form has, the error is shown as {@link showError} does.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  translate: Translate,
): void {
  if (isApiError(error) && !error.isDebugError) {
    const matched = Object.entries(error.fieldErrors).filter(([field]) =>
      (fields as readonly string[]).includes(field),
    );
    if (matched.length > 0) {
      matched.forEach(([field, message], index) =>
        setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      return;
    }
  }
  showError(error, translate);
}
