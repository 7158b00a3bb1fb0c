import { StrictMode, type ReactNode } from 'react';
import { MarkRunning } from './mark-running';
import { Providers } from './providers';
import { TakeOverEnd } from '../ui/take-over';

/**
 * The app around its router, the same in the browser and on the server that draws a guest's
 * player page: the browser takes over the server's markup only where both draw one tree.
 */
export function AppTree({ router }: { router: ReactNode }) {
  return (
    <StrictMode>
      <Providers>{router}</Providers>
      <MarkRunning />
      <TakeOverEnd />
    </StrictMode>
  );
}
