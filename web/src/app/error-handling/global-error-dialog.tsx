import { queryClient } from '../../api/query-client';
import { ErrorDialog } from './error-dialog';
import { useDebugErrorListener } from './use-debug-error-listener';

/** Mount once, in the providers: opens the error dialog for any failure with a debug trace. */
export function GlobalErrorDialog() {
  useDebugErrorListener(queryClient);
  return <ErrorDialog />;
}
