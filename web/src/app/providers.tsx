import type { ReactNode } from 'react';
import { allShellControls } from '../features/shell/all-shell-controls';
import { ShellControlsProvider } from '../features/shell/shell-controls';
import { TooltipProvider } from '../ui/tooltip';
import { PageProviders } from './page-providers';

/** Everything the app's screens rely on. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <PageProviders>
      <TooltipProvider>
        <ShellControlsProvider value={allShellControls}>{children}</ShellControlsProvider>
      </TooltipProvider>
    </PageProviders>
  );
}
