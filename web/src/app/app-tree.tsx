import { StrictMode, useEffect, type ReactNode } from 'react';
import { endTakeOver } from '../features/player/drawn-screens';
import { MarkRunning } from './mark-running';
import { Providers } from './providers';

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

/** Ends the take-over of a drawn page once the first render is on screen (see `firstDrawOf`). */
function TakeOverEnd() {
  useEffect(endTakeOver, []);
  return null;
}
