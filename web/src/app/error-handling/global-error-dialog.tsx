import { lazy, Suspense } from 'react';
import { queryClient } from '../../api/query-client';
import { useShownError } from './error-dialog-store';
import { useDebugErrorListener } from './use-debug-error-listener';

// The dialog's code loads with the first error it shows, not with every page.
const ErrorDialog = lazy(() => import('./error-dialog').then((m) => ({ default: m.ErrorDialog })));

/** Mount once, in the providers: opens the error dialog for any failure with a debug trace. */
export function GlobalErrorDialog() {
  useDebugErrorListener(queryClient);
  const shown = useShownError();
  if (shown === null) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog />
    </Suspense>
  );
}
