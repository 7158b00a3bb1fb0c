import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { openErrorDialog } from './error-dialog-store';
import { debugTraceOf } from './handle-error';

/**
 * Any query or mutation that finally fails with a debug trace opens the error dialog, whoever
 * started it; screens keep handling ordinary failures themselves.
 */
export function useDebugErrorListener(client: QueryClient): void {
  useEffect(() => {
    const open = (error: unknown) => {
      const trace = debugTraceOf(error);
      if (trace) openErrorDialog(trace);
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') open(event.action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') open(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);
}
